/** Texts of the zone editor (named zones linked to plots), added with addPageTexts by ZoneEditor. */
export const zoneTextsZh = {
  irrZones: {
    open: '分区与地块',
    title: '{{machine}} 的分区',
    zone: '分区',
    name: '名称',
    plot: '地块',
    unnamed: '未命名',
    noPlot: '未关联',
    edit: '编辑',
    editTitle: '编辑 {{zone}}',
    namePlaceholder: '如：番茄东棚（留空则只显示编号）',
    plotPlaceholder: '选择该分区灌溉的地块',
    noPlots: '本园区还没有地块，请先在园区信息中划分地块',
    saved: '已保存 {{zone}}',
    back: '返回列表',
    loadFailed: '分区加载失败',
    retry: '重试',
  },
};
