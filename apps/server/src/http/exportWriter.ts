import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { type LocalizedText, type MessageLang, messageLang } from '@farmpark/contracts';
import { csvQuote, defuseFormula } from '@farmpark/contracts/spreadsheet';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The one writer of CSV and XLSX exports. Every export route hands it columns and a stream of rows; it
 * phrases headers and enumerated values in the reader's language, defuses text a spreadsheet would run as
 * a formula, and streams the file (exports never sit in memory).
 */
export type ExportCell = string | number | null | undefined;
export type ExportRow = Record<string, ExportCell>;
export type ExportFormat = 'csv' | 'xlsx';

export interface ExportColumn {
  key: string;
  header: string | LocalizedText;
  /** Stored codes (a state, a severity) and how a person reads each; unknown codes are written as they are. */
  values?: Record<string, LocalizedText>;
  /** Digits after the point: CSV writes them all (21.0), XLSX keeps the number rounded to them. */
  decimals?: number;
  /** XLSX column width in characters. */
  width?: number;
  /** The cell is epoch ms, written as `2026-11-22 08:00:00` in the export's zone. */
  time?: true;
}

export interface ExportSpec {
  /** File name without extension, in any script; sent as an RFC 5987 `filename*` with an ASCII fallback. */
  name: string;
  format: ExportFormat;
  lang: MessageLang;
  /** IANA zone of every time column: the park's (parks/service `parkZone`), so the file agrees with the console. */
  timeZone: string;
  columns: ExportColumn[];
  rows: AsyncIterable<ExportRow>;
}

/** `2026-11-22 08:00:00`, the wall-clock time in `timeZone` (sv-SE is the locale that writes ISO order). */
export function zonedTimeFormat(timeZone: string): (ms: number) => string {
  const fmt = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (ms) => fmt.format(ms);
}

/** `202611220800`: a file name's stamp, the export's minute in the park's zone (the reader's "now"). */
export const exportStamp = (timeZone: string, now = Date.now()): string =>
  zonedTimeFormat(timeZone)(now).slice(0, 16).replace(/\D/g, '');

/**
 * The reader's language: an explicit `lang` wins, then Accept-Language; without either, Chinese, the
 * product's language.
 */
export function exportLang(req: FastifyRequest, explicit?: MessageLang): MessageLang {
  if (explicit) return explicit;
  const accept = req.headers['accept-language'];
  return accept ? messageLang(accept) : 'zh';
}

const phrase = (t: string | LocalizedText, lang: MessageLang) => (typeof t === 'string' ? t : t[lang]);

type Body = Omit<ExportSpec, 'name' | 'format'>;

/** A row's cells in column order: codes phrased, text defused; numbers stay numbers (CSV: fixed digits). */
export function cellsOf(
  spec: Pick<Body, 'columns' | 'lang'>,
  time: (ms: number) => string,
  row: ExportRow,
  csv: boolean,
): (string | number | null)[] {
  const { columns, lang } = spec;
  return columns.map((c) => {
    const v = row[c.key];
    if (v === null || v === undefined) return null;
    if (c.time) {
      // PostgreSQL may hand a bigint column over as text
      const ms = Number(v);
      return Number.isFinite(ms) ? time(ms) : null;
    }
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return null;
      if (c.decimals === undefined) return v;
      // a fixed-digit number written by us, never a person's text: it is not defused
      return csv ? v.toFixed(c.decimals) : Number(v.toFixed(c.decimals));
    }
    const named = c.values?.[v];
    return defuseFormula(named ? named[lang] : v);
  });
}

const csvRow = (cells: (string | number | null)[]) =>
  `${cells.map((c) => (c === null ? '' : typeof c === 'number' ? String(c) : csvQuote(c))).join(',')}\r\n`;

/** UTF-8 CSV with a BOM (Excel reads Chinese text right only with it), CRLF lines, sent in batches. */
export function csvExport(spec: Body): Readable {
  const { columns, lang } = spec;
  const time = zonedTimeFormat(spec.timeZone);
  async function* lines() {
    yield `\uFEFF${csvRow(columns.map((c) => defuseFormula(phrase(c.header, lang))))}`;
    let batch = '';
    let n = 0;
    for await (const row of spec.rows) {
      batch += csvRow(cellsOf(spec, time, row, true));
      if (++n % 500 === 0) {
        yield batch;
        batch = '';
      }
    }
    if (batch) yield batch;
  }
  return Readable.from(lines());
}

/** XLSX through exceljs's streaming writer, pausing on a slow client instead of buffering. */
export function xlsxExport(spec: Body): Readable {
  return xlsxWorkbook({ lang: spec.lang, timeZone: spec.timeZone, sheets: [{ name: 'data', ...spec }] });
}

/** One sheet of a workbook: its tab's name (a person's, phrased), columns and rows. */
export interface ExportSheet {
  name: string | LocalizedText;
  columns: ExportColumn[];
  rows: AsyncIterable<ExportRow> | Iterable<ExportRow>;
}

/** Characters a sheet's tab may not carry, and its length limit. */
const sheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);

/** An XLSX workbook of several sheets, one table each (a park report's tables), written as `xlsxExport`'s one. */
export function xlsxWorkbook(spec: { lang: MessageLang; timeZone: string; sheets: ExportSheet[] }): Readable {
  const { lang } = spec;
  const time = zonedTimeFormat(spec.timeZone);
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  (async () => {
    for (const sheet of spec.sheets) {
      const { columns } = sheet;
      const ws = wb.addWorksheet(sheetName(phrase(sheet.name, lang)));
      ws.columns = columns.map((c) => ({ key: c.key, width: c.width ?? 16 }));
      ws.addRow(columns.map((c) => defuseFormula(phrase(c.header, lang)))).commit();
      for await (const row of sheet.rows) {
        ws.addRow(cellsOf({ lang, columns }, time, row, false)).commit();
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      ws.commit();
    }
    await wb.commit();
  })().catch((err) => out.destroy(err as Error));
  return out;
}

/** `attachment` with an ASCII fallback and the real name as RFC 5987 `filename*` (UTF-8, percent-encoded). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\w.-]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Sends an export. The first row is read before any header goes out, so a refusal raised while the rows
 * start (a foreign park, a bad filter) is answered as an envelope and not as a broken download.
 */
export async function sendExport(reply: FastifyReply, spec: ExportSpec): Promise<FastifyReply> {
  const it = spec.rows[Symbol.asyncIterator]();
  const first = await it.next();
  async function* rows() {
    if (first.done) return;
    yield first.value;
    for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
  }
  const body = { lang: spec.lang, timeZone: spec.timeZone, columns: spec.columns, rows: rows() };
  return reply
    .header('content-type', TYPES[spec.format])
    .header('content-disposition', contentDisposition(`${spec.name}.${spec.format}`))
    .send(spec.format === 'csv' ? csvExport(body) : xlsxExport(body));
}
