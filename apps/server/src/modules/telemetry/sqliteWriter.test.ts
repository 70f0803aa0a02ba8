import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from './buckets';
import { migratedSqliteFile, rowBatch } from './sqliteFixture';
import { createSqliteWriter } from './sqliteWriter';

const T0 = Date.UTC(2026, 10, 20, 3, 0, 0);
const KEYS = ['airTemp', 'airHumidity'];

const batchOf = (rows: [number, number, number, number][]) => rowBatch(KEYS, rows);

describe('SQLite telemetry writer (multi-row inserts guarded by the newest stored ts)', () => {
  let file: string;
  let remove: () => void;
  let writer: ReturnType<typeof createSqliteWriter>;
  let other: SQLite.Database;
  const count = (sql: string, ...args: unknown[]) =>
    (other
      .prepare(sql)
      .pluck()
      .get(...args) as number) ?? 0;
  const rawCount = (deviceId: number) => count('select count(*) from telemetry where device_id = ?', deviceId);
  const hourlyCount = (deviceId: number) =>
    count('select sum(count) from telemetry_hourly where device_id = ?', deviceId);

  beforeAll(async () => {
    ({ file, remove } = await migratedSqliteFile('farmpark-writer-'));
    writer = createSqliteWriter(file, 'Asia/Shanghai');
    other = new SQLite(file);
  });
  afterAll(() => {
    writer.close();
    other.close();
    remove();
  });

  it('stores a batch of many chunks whole, and a resent batch not at all', () => {
    const rows: [number, number, number, number][] = [];
    for (let i = 0; i < 301; i++) rows.push([1, i % 2, T0 + Math.floor(i / 2) * 1000, i]);
    expect([...writer.write(batchOf(rows))].every((x) => x === 1)).toBe(true);
    expect(rawCount(1)).toBe(301);
    expect([...writer.write(batchOf(rows))].every((x) => x === 0)).toBe(true);
    expect(rawCount(1)).toBe(301);
    expect(hourlyCount(1)).toBe(301);
  });

  it('tells new late readings and in-batch repeats apart', () => {
    const inserted = writer.write(
      batchOf([
        [2, 0, T0 + 5000, 1],
        [2, 0, T0 + 6000, 2],
        [2, 0, T0 + 6000, 2], // the same reading twice in one batch
        [2, 0, T0 + 1000, 3], // late, but new
        [2, 0, T0 + 7000, 4],
        [2, 0, T0 + 5000, 1], // a resend of the first row
      ]),
    );
    expect([...inserted]).toEqual([1, 1, 0, 1, 1, 0]);
    const late = writer.write(
      batchOf([
        [2, 0, T0 + 2000, 5],
        [2, 0, T0 + 7000, 4],
        [2, 0, T0 + 8000, 6],
      ]),
    );
    expect([...late]).toEqual([1, 0, 1]);
    expect(rawCount(2)).toBe(6);
    expect(hourlyCount(2)).toBe(6);
    const latest = other.prepare('select ts, value, prev_ts from device_latest where device_id = 2').get();
    expect(latest).toEqual({ ts: T0 + 8000, value: 6, prev_ts: T0 + 7000 });
  });

  it('stays exact when rows were stored behind its back (another connection)', () => {
    writer.write(batchOf([[3, 1, T0, 1]]));
    // newer than anything the writer has seen for this series
    other.prepare('insert into telemetry (device_id, key, ts, value) values (3, ?, ?, 9)').run(KEYS[1], T0 + HOUR_MS);
    const inserted = writer.write(
      batchOf([
        [3, 1, T0 + 1000, 2],
        [3, 1, T0 + HOUR_MS, 9],
        [3, 1, T0 + HOUR_MS + 1000, 3],
      ]),
    );
    // all three looked new to the writer; the batch was written again row by row
    expect([...inserted]).toEqual([1, 0, 1]);
    expect(rawCount(3)).toBe(4);
    // rollups fold only what the writer stored: the foreign row is not in them
    expect(hourlyCount(3)).toBe(3);
    expect([...writer.write(batchOf([[3, 1, T0 + HOUR_MS + 2000, 4]]))]).toEqual([1]);
  });
});
