import type { ExportQuery, ParamView } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { type ExportColumn, type ExportRow, zonedTimeFormat } from '../../http/exportWriter';
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

const TIME = '\u0000time';

export interface ExportSource {
  db: Db;
  deviceId: number;
  params: ParamView[];
  q: ExportQuery;
}

/** The range's first and last day in the park's zone, as the console's range picker showed them. */
export function exportName(deviceName: string, q: ExportQuery, timeZone: string): string {
  const time = zonedTimeFormat(timeZone);
  const day = (ts: number) => time(ts).slice(0, 10);
  return `${deviceName}_${day(q.startTime)}_${day(q.endTime)}`;
}

/** One column per parameter after the time, headed "name(unit)" in the language the params were read in. */
export function exportColumns(params: ParamView[]): ExportColumn[] {
  return [
    { key: TIME, header: { zh: '时间', en: 'Time' }, width: 20, time: true },
    ...params.map((p) => ({
      key: p.key,
      header: p.unit ? `${p.name}(${p.unit})` : p.name,
      decimals: p.decimals,
      width: 14,
    })),
  ];
}

export async function* exportRows(src: ExportSource): AsyncGenerator<ExportRow> {
  const keys = src.params.map((p) => p.key);
  for await (const row of readingRows(src.db, src.deviceId, keys, src.q.startTime, src.q.endTime)) {
    const out: ExportRow = { [TIME]: row.ts };
    for (const [k, v] of row.values) out[k] = v;
    yield out;
  }
}
