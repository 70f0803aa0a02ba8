import type { ExportColumn, ExportRow } from '../../../http/exportWriter';
import { codeRow } from './service';

/** A column headed in both languages. */
const column = (key: string, zh: string, en: string, more: Omit<ExportColumn, 'key' | 'header'> = {}) => ({
  key,
  header: { zh, en },
  ...more,
});

/** The code list as a spreadsheet: what a printer or a packing line needs (code and URL), and the scans. */
export const CODE_EXPORT_COLUMNS: ExportColumn[] = [
  column('seq', '序号', 'No.', { width: 8 }),
  column('code', '码', 'Code', { width: 16 }),
  column('url', '二维码网址', 'QR URL', { width: 60 }),
  column('state', '状态', 'State', {
    values: {
      active: { zh: '正常', en: 'Active' },
      void: { zh: '已作废', en: 'Void' },
      suspected: { zh: '疑似仿冒', en: 'Suspected' },
    },
  }),
  column('scanCount', '扫码次数', 'Scans'),
  column('firstScanAt', '首次扫码', 'First scan', { time: true, width: 20 }),
  column('lastScanAt', '最近扫码', 'Last scan', { time: true, width: 20 }),
  column('voidReason', '作废原因', 'Void reason', { width: 24 }),
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
