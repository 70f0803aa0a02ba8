import type { MessageLang, ReportSummary } from '@farmpark/contracts';
import PDFDocument from 'pdfkit';
import { cellsOf, type ExportSheet, zonedTimeFormat } from '../../http/exportWriter';
import { registerCjkFont } from '../trace/labels/labelSheet';
import { REPORT_TITLE, reportTables } from './tables';

type Doc = PDFKit.PDFDocument;

const MARGIN = 40;
const A4: [number, number] = [595.28, 841.89];
const ROW = 16;

const T = {
  park: { zh: '园区', en: 'Park' },
  period: { zh: '统计期间', en: 'Period' },
  made: { zh: '生成时间', en: 'Made' },
  glance: { zh: '概览', en: 'At a glance' },
  none: { zh: '本期无记录', en: 'Nothing in this period' },
  page: { zh: '第 {n} 页', en: 'Page {n}' },
  figures: {
    alarms: { zh: '告警 {n} 条（已确认 {a}）', en: 'Alarms: {n} ({a} acknowledged)' },
    water: { zh: '用水 {n} m³', en: 'Water: {n} m³' },
    pests: { zh: '捕获害虫/孢子 {n}', en: 'Pests and spores caught: {n}' },
    offline: { zh: '当前离线设备 {n} 台', en: 'Devices offline now: {n}' },
    harvests: { zh: '采收 {n} 次，新建批次 {b} 个', en: 'Harvests: {n}; new batches: {b}' },
  },
} as const;

const fill = (t: string, v: Record<string, string | number>) => t.replace(/\{(\w+)\}/g, (_, k: string) => String(v[k]));

/** The summary's figures at a glance, one line each, in `lang`. */
export function glanceLines(s: ReportSummary, lang: MessageLang): string[] {
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const f = T.figures;
  return [
    fill(f.alarms[lang], { n: sum(s.alarms.map((a) => a.raised)), a: sum(s.alarms.map((a) => a.acknowledged)) }),
    fill(f.water[lang], { n: (Math.round(sum(s.water.map((w) => w.waterM3)) * 1000) / 1000).toFixed(3) }),
    fill(f.pests[lang], { n: sum(s.pests.map((p) => p.count)) }),
    fill(f.offline[lang], { n: s.offline.length }),
    fill(f.harvests[lang], { n: sum(s.harvests.map((h) => h.harvests)), b: s.batches.length }),
  ];
}

/**
 * A report's PDF summary in `lang`: title, park and period, the figures at a glance, then each table as the
 * workbook has it (same columns, same cells). Text is set in the embedded CJK font, as label sheets are.
 */
export async function reportPdf(
  s: ReportSummary,
  lang: MessageLang,
  font: { path: string; face?: string },
  madeAt: number,
): Promise<Buffer> {
  const title = `${REPORT_TITLE[s.frequency][lang]} · ${s.parkName}`;
  // no margins of pdfkit's own: every line is placed here, and one below its margin would add a page
  const doc = new PDFDocument({ size: A4, margin: 0, compress: true, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  registerCjkFont(doc, 'cjk', font.path, font.face);
  doc.font('cjk');
  const width = A4[0] - 2 * MARGIN;
  const bottom = A4[1] - MARGIN;
  let y = MARGIN;
  let page = 1;
  const footer = () =>
    doc
      .fontSize(8)
      .fillColor('#888888')
      .text(fill(T.page[lang], { n: page }), MARGIN, bottom + 12, { width, align: 'right', lineBreak: false });
  /** A new page when `h` does not fit; answers whether it took one. */
  const room = (h: number): boolean => {
    if (y + h <= bottom) return false;
    footer();
    doc.addPage();
    page += 1;
    y = MARGIN;
    return true;
  };

  doc.fontSize(18).fillColor('#1f3d2b').text(title, MARGIN, y, { width, lineBreak: false });
  y += 28;
  const when = zonedTimeFormat(s.timeZone)(madeAt).slice(0, 16);
  doc.fontSize(10).fillColor('#333333');
  for (const line of [`${T.period[lang]}: ${s.from} – ${s.to} (${s.timeZone})`, `${T.made[lang]}: ${when}`]) {
    doc.text(line, MARGIN, y, { width, lineBreak: false });
    y += 15;
  }
  y += 8;
  doc.rect(MARGIN, y, width, 0.8).fill('#1f3d2b');
  y += 12;
  doc.fontSize(12).fillColor('#1f3d2b').text(T.glance[lang], MARGIN, y, { lineBreak: false });
  y += 18;
  doc.fontSize(10).fillColor('#222222');
  for (const line of glanceLines(s, lang)) {
    doc.text(`•  ${line}`, MARGIN + 6, y, { width: width - 6, lineBreak: false });
    y += 15;
  }
  y += 8;

  const time = zonedTimeFormat(s.timeZone);
  for (const sheet of reportTables(s)) y = await table(sheet);
  footer();
  doc.end();
  await done;
  return Buffer.concat(chunks);

  async function table(sheet: ExportSheet): Promise<number> {
    const rows: (string | number | null)[][] = [];
    for await (const r of sheet.rows) rows.push(cellsOf({ lang, columns: sheet.columns }, time, r, false));
    room(22 + ROW * Math.min(2, rows.length + 1));
    const name = typeof sheet.name === 'string' ? sheet.name : sheet.name[lang];
    doc.fontSize(12).fillColor('#1f3d2b').text(name, MARGIN, y, { lineBreak: false });
    y += 18;
    if (rows.length === 0) {
      doc
        .fontSize(9)
        .fillColor('#777777')
        .text(T.none[lang], MARGIN + 6, y, { lineBreak: false });
      return y + ROW + 6;
    }
    const weights = sheet.columns.map((c) => c.width ?? 12);
    const total = weights.reduce((a, b) => a + b, 0);
    const widths = weights.map((w) => (w / total) * width);
    const header = sheet.columns.map((c) => (typeof c.header === 'string' ? c.header : c.header[lang]));
    // numbers right-aligned, their headers too
    const right = sheet.columns.map((_, i) => rows.some((r) => typeof r[i] === 'number'));
    const line = (cells: (string | number | null)[], head: boolean) => {
      // a table going on over a page break shows its header again
      if (room(ROW) && !head) line(header, true);
      if (head) doc.rect(MARGIN, y, width, ROW).fill('#e8efe9');
      doc.fontSize(9).fillColor(head ? '#1f3d2b' : '#222222');
      let x = MARGIN;
      cells.forEach((c, i) => {
        const w = widths[i] as number;
        const text = c === null ? '–' : String(c);
        doc.text(clip(doc, text, w - 6), x + 3, y + 4, {
          width: w - 6,
          lineBreak: false,
          align: right[i] ? 'right' : 'left',
        });
        x += w;
      });
      y += ROW;
      doc.rect(MARGIN, y, width, 0.4).fill('#cccccc');
    };
    line(header, true);
    for (const r of rows) line(r, false);
    return y + 12;
  }
}

/** Text cut with an ellipsis to fit `width` at the current font size. */
function clip(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let t = text;
  while (t.length > 1 && doc.widthOfString(`${t}…`) > width) t = t.slice(0, -1);
  return `${t}…`;
}
