import type { ExportColumn, ExportRow } from '../../../http/exportWriter';
import { codeRow } from './service';

/** The code list as a spreadsheet: what a printer or a packing line needs (code and URL), and the scans. */
export const CODE_EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'seq', header: { zh: '序号', en: 'No.' }, width: 8 },
  { key: 'code', header: { zh: '码', en: 'Code' }, width: 16 },
  { key: 'url', header: { zh: '二维码网址', en: 'QR URL' }, width: 60 },
  {
    key: 'state',
    header: { zh: '状态', en: 'State' },
    values: {
      active: { zh: '正常', en: 'Active' },
      void: { zh: '已作废', en: 'Void' },
      suspected: { zh: '疑似仿冒', en: 'Suspected' },
    },
  },
  { key: 'scanCount', header: { zh: '扫码次数', en: 'Scans' } },
  { key: 'firstScanAt', header: { zh: '首次扫码', en: 'First scan' }, time: true, width: 20 },
  { key: 'lastScanAt', header: { zh: '最近扫码', en: 'Last scan' }, time: true, width: 20 },
  { key: 'voidReason', header: { zh: '作废原因', en: 'Void reason' }, width: 24 },
];

export async function* codeExportRows(
  codes: AsyncIterable<Parameters<typeof codeRow>[0]>,
  urlOf: (code: string) => string,
): AsyncIterable<ExportRow> {
  for await (const c of codes) {
    const r = codeRow(c, urlOf(c.code));
    yield {
      seq: r.seq,
      code: r.code,
      url: r.url,
      state: r.state,
      scanCount: r.scanCount,
      firstScanAt: r.firstScanAt,
      lastScanAt: r.lastScanAt,
      voidReason: r.voidReason,
    };
  }
}
