import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { ExportQuery, ParamView } from '@farmpark/contracts';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/connect';
import type { ZoneClock } from './buckets';
import * as repo from './repo';

const CHUNK = 5000;

/** Rows of one device in time order, read in keyset chunks so an export of years never sits in memory. */
export async function* readingRows(
  db: Db,
  deviceId: number,
  keys: string[],
  start: number,
  end: number,
): AsyncGenerator<{ ts: number; values: Map<string, number> }> {
  let after: { ts: number; key: string } | null = null;
  let cur: { ts: number; values: Map<string, number> } | null = null;
  for (;;) {
    const rows = await repo.exportChunk(db, deviceId, keys, start, end, after, CHUNK);
    for (const r of rows) {
      const ts = Number(r.ts);
      if (!cur || cur.ts !== ts) {
        if (cur) yield cur;
        cur = { ts, values: new Map() };
      }
      cur.values.set(r.key, r.value);
    }
    if (rows.length < CHUNK) break;
    const last = rows[rows.length - 1];
    after = { ts: Number(last.ts), key: last.key };
  }
  if (cur) yield cur;
}

/** `2026-11-22 08:00:00` in the configured zone: what a person reading the file expects. */
export function localTime(clock: ZoneClock, ts: number): string {
  return new Date(ts + clock.offsetAt(ts)).toISOString().slice(0, 19).replace('T', ' ');
}

const headerOf = (p: ParamView) => (p.unit ? `${p.name}(${p.unit})` : p.name);
const csvCell = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);

export interface ExportSource {
  db: Db;
  clock: ZoneClock;
  deviceId: number;
  params: ParamView[];
  q: ExportQuery;
}

export function exportFilename(deviceName: string, q: ExportQuery, clock: ZoneClock): string {
  const day = (ts: number) => localTime(clock, ts).slice(0, 10);
  return `${deviceName}_${day(q.startTime)}_${day(q.endTime)}.${q.format}`;
}

export function csvStream(src: ExportSource): Readable {
  const { params } = src;
  const timeTitle = src.q.lang === 'en' ? 'Time' : '时间';
  async function* lines() {
    // BOM: Excel opens UTF-8 CSV with Chinese headers correctly only with it
    yield `\uFEFF${[timeTitle, ...params.map(headerOf)].map(csvCell).join(',')}\r\n`;
    const keys = params.map((p) => p.key);
    let batch: string[] = [];
    for await (const row of readingRows(src.db, src.deviceId, keys, src.q.startTime, src.q.endTime)) {
      const cells = [localTime(src.clock, row.ts)];
      for (const p of params) {
        const v = row.values.get(p.key);
        cells.push(v === undefined ? '' : v.toFixed(p.decimals));
      }
      batch.push(cells.join(','));
      if (batch.length >= 500) {
        yield `${batch.join('\r\n')}\r\n`;
        batch = [];
      }
    }
    if (batch.length) yield `${batch.join('\r\n')}\r\n`;
  }
  return Readable.from(lines());
}

export function xlsxStream(src: ExportSource): Readable {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet('data');
  const { params } = src;
  ws.columns = [
    { header: src.q.lang === 'en' ? 'Time' : '时间', key: 'ts', width: 20 },
    ...params.map((p) => ({ header: headerOf(p), key: p.key, width: 14 })),
  ];
  (async () => {
    const keys = params.map((p) => p.key);
    for await (const row of readingRows(src.db, src.deviceId, keys, src.q.startTime, src.q.endTime)) {
      const cells: (string | number | null)[] = [localTime(src.clock, row.ts)];
      for (const p of params) {
        const v = row.values.get(p.key);
        cells.push(v === undefined ? null : Number(v.toFixed(p.decimals)));
      }
      ws.addRow(cells).commit();
      // honour a slow client: stop reading the database until the zip stream has room again
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    ws.commit();
    await wb.commit();
  })().catch((err) => out.destroy(err as Error));
  return out;
}
