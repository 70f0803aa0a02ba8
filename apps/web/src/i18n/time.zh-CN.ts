/** Words about the park's time zone (utils/time). */
export const timeZh = {
  tz: {
    hint: '时区 {{zone}}',
    hintTitle: '本页时间均按园区时区显示，与浏览器所在时区无关',
    field: '时区',
    fieldHelp: '园区的时间显示、筛选、图表与导出都按此时区；留空则使用服务器默认时区',
    placeholder: '搜索时区，如 Asia/Shanghai',
  },
};
