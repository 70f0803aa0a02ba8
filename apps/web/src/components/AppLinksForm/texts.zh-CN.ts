/** Texts of the app download links editor (added with addPageTexts by the editor's own chunk). */
export const appLinksZh = {
  appLinks: {
    edit: '设置下载地址',
    hint: '填写各客户端的下载地址（http:// 或 https://），留空表示未提供。保存后所有用户和公开下载页都会显示。',
    mustBeHttp: '请输入以 http:// 或 https:// 开头的地址',
    tooLong: '地址最多 {{max}} 个字符',
    saved: '下载地址已保存',
    back: '返回',
    share: '公开下载页',
  },
};
