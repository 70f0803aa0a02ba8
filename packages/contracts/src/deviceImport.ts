import { z } from 'zod';
import { refinement } from './errorDetail';
import { jsonText, optional, says } from './requestValues';

/** `device/importDevices`: many devices from a CSV (or its rows), each row reported on its own. */
export const IMPORT_COLUMNS = ['serial', 'deviceClass', 'model', 'deviceName', 'park'] as const;
export const MAX_IMPORT_ROWS = 1000;

export interface ImportRowInput {
  serial: string;
  deviceClass: string;
  model: string;
  deviceName: string;
  /** A park name, or a park id. */
  park: string;
}

export type ImportRowResult =
  | { line: number; serial: string; ok: true; deviceId: number; groupId: number; secret: string }
  | { line: number; serial: string; ok: false; reason: string };

export interface ImportResult {
  created: number;
  refused: number;
  rows: ImportRowResult[];
}

const cell = z.preprocess((v) => (v === undefined || v === null ? '' : String(v)), z.string());
const rowInput = z.object({
  serial: cell,
  deviceClass: cell,
  model: cell,
  deviceName: cell,
  park: cell,
});

/** Either `csv` (the file's text, header line first) or `rows`; not both. */
export const importDevicesBody = z
  .object({
    csv: optional(z.string().max(2_000_000)),
    /** Form bodies send `rows` as JSON text. */
    rows: optional(jsonText(z.array(rowInput, says('list')))),
  })
  .refine(
    (b) => (b.csv === undefined) !== (b.rows === undefined),
    refinement('exactlyOne', { others: 'rows' }, ['csv']),
  );
export type ImportDevicesBody = z.infer<typeof importDevicesBody>;

/**
 * RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. A BOM (Excel) is
 * dropped. Returns the lines as arrays of cells, blank lines left out, with their 1-based line numbers.
 */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const src = text.replace(/^\uFEFF/, '');
  const out: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRow = () => {
    cells.push(field);
    if (cells.some((c) => c.trim() !== '')) out.push({ line: start, cells });
    cells = [];
    field = '';
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      cells.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      endRow();
      line++;
      start = line;
    } else field += ch;
  }
  if (field !== '' || cells.length > 0) endRow();
  return out;
}

/** Cells of one row by column name, from a header line naming the columns in any order. */
export function csvToRows(text: string): { line: number; row: ImportRowInput }[] | { error: string } {
  const [header, ...lines] = parseCsv(text);
  if (!header) return { error: 'csv is empty' };
  const names = header.cells.map((c) => c.trim());
  const missing = IMPORT_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    return { error: `csv: the header line lacks ${missing.join(', ')} (expected ${IMPORT_COLUMNS.join(',')})` };
  }
  return lines.map(({ line, cells }) => {
    const get = (c: (typeof IMPORT_COLUMNS)[number]) => (cells[names.indexOf(c)] ?? '').trim();
    return {
      line,
      row: {
        serial: get('serial'),
        deviceClass: get('deviceClass'),
        model: get('model'),
        deviceName: get('deviceName'),
        park: get('park'),
      },
    };
  });
}

/** `device/getDeviceBroker`: where a device connects (shown with its credentials). */
export interface DeviceBrokerInfo {
  host: string;
  port: number;
  tls: boolean;
  /** `{serial}` stands for the device's serial. */
  topicPrefix: string;
}
