/** An inspection report's fields as the console sends them, for tests; `over` changes any of them. */
export const reportBody = (groupId: number, over: Record<string, unknown> = {}) => ({
  groupId,
  agency: '测试检测中心',
  reportNo: 'JC-1',
  sampledOn: '2026-05-20',
  reportedOn: '2026-05-25',
  validUntil: '2026-11-25',
  passed: true,
  items: [{ name: '毒死蜱', result: '未检出', standard: 'GB 2763', pass: true }],
  ...over,
});
