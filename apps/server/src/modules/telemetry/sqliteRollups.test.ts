import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOUR_MS, hourBucket, zoneClock } from './buckets';
import { migratedSqliteFile, rowBatch } from './sqliteFixture';
import { ROLLUP_SLOTS } from './sqliteRollups';
import { createSqliteWriter } from './sqliteWriter';

const TZ = 'Asia/Shanghai';
const KEYS = ['airTemp', 'airHumidity', 'windSpeed'];
const DEVICES = [1, 2, 3, 4, 5];
// 23:00 local: the runs below cross a local midnight, so daily buckets close while rows wait in memory
const T0 = Date.UTC(2026, 10, 20, 15, 0, 0);

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const batchOf = (rows: [number, number, number, number][], deferRollups: boolean) =>
  rowBatch(KEYS, rows, { deferRollups });

type Agg = { min: number; max: number; sum: number; count: number; last: number; last_ts: number };

describe('SQLite rollups held in the writer under load', () => {
  let file: string;
  let remove: () => void;
  let other: SQLite.Database;
  const clock = zoneClock(TZ);

  beforeEach(async () => {
    ({ file, remove } = await migratedSqliteFile('farmpark-rollups-'));
    other = new SQLite(file);
  });
  afterEach(() => {
    other.close();
    remove();
  });

  /** The rollups computed directly from the raw rows, keyed `device/key/bucket`. */
  function fromRaw(bucketOf: (ts: number) => number) {
    const raw = other.prepare('select device_id, key, ts, value from telemetry order by ts').all() as {
      device_id: number;
      key: string;
      ts: number;
      value: number;
    }[];
    const m = new Map<string, Agg>();
    for (const r of raw) {
      const id = `${r.device_id}/${r.key}/${bucketOf(r.ts)}`;
      const a = m.get(id);
      if (!a) m.set(id, { min: r.value, max: r.value, sum: r.value, count: 1, last: r.value, last_ts: r.ts });
      else {
        a.min = Math.min(a.min, r.value);
        a.max = Math.max(a.max, r.value);
        a.sum += r.value;
        a.count++;
        if (r.ts >= a.last_ts) {
          a.last = r.value;
          a.last_ts = r.ts;
        }
      }
    }
    return m;
  }
  function stored(table: string) {
    const rows = other.prepare(`select * from ${table}`).all() as (Agg & {
      device_id: number;
      key: string;
      bucket: number;
    })[];
    return new Map(rows.map((r) => [`${r.device_id}/${r.key}/${r.bucket}`, r]));
  }
  function expectExact() {
    for (const [table, bucketOf] of [
      ['telemetry_hourly', hourBucket],
      ['telemetry_daily', (ts: number) => clock.dayBucket(ts)],
    ] as const) {
      const want = fromRaw(bucketOf);
      const got = stored(table);
      expect(got.size, table).toBe(want.size);
      for (const [id, w] of want) {
        const g = got.get(id);
        expect(g, `${table} ${id}`).toBeDefined();
        expect({ ...w, sum: Math.round(w.sum * 1e6) }, `${table} ${id}`).toEqual({
          min: g?.min,
          max: g?.max,
          sum: Math.round((g?.sum ?? Number.NaN) * 1e6),
          count: g?.count,
          last: g?.last,
          last_ts: g?.last_ts,
        });
      }
    }
  }
  const rawTotal = () => other.prepare('select count(*) from telemetry').pluck().get() as number;
  const hourlyTotal = () => (other.prepare('select sum(count) from telemetry_hourly').pluck().get() as number) ?? 0;

  /** Batches like ingest under load: each series moves forward, with late readings and resends mixed in. */
  function* loadBatches(seed: number, count: number, start = 0): Generator<[number, number, number, number][]> {
    const rand = rng(seed);
    const next = new Map<string, number>();
    for (let b = 0; b < count; b++) {
      const rows: [number, number, number, number][] = [];
      for (const d of DEVICES) {
        for (let k = 0; k < KEYS.length; k++) {
          const id = `${d}/${k}`;
          let t = next.get(id) ?? start;
          for (let r = 0; r < 1 + Math.floor(rand() * 3); r++) {
            rows.push([d, k, T0 + t * 61_000, Math.round(rand() * 1000) / 10]);
            t++;
          }
          next.set(id, t);
          // a late reading (new, or a resend of one already stored)
          if (rand() < 0.2) rows.push([d, k, T0 + Math.floor(rand() * t) * 61_000 + 7_000, 1 + rand()]);
          if (rand() < 0.1) rows.push([d, k, T0 + Math.floor(rand() * t) * 61_000, 5]);
        }
      }
      yield rows;
    }
  }

  it('holds rollups back while batches come back to back, and writes them all when told to', () => {
    const writer = createSqliteWriter(file, TZ);
    for (const rows of loadBatches(1, 5)) writer.write(batchOf(rows, true));
    // most rows wait in memory; the tables lag behind the raw rows
    expect(writer.pendingRollupSeries).toBeGreaterThan(0);
    expect(hourlyTotal()).toBeLessThan(rawTotal());
    writer.flushRollups();
    expect(writer.pendingRollupSeries).toBe(0);
    expectExact();
    writer.close();
  });

  it('flushes every waiting series within a round of batches, and all of them with an undeferred batch', () => {
    const writer = createSqliteWriter(file, TZ);
    const batches = [...loadBatches(2, ROLLUP_SLOTS * 2 + 3)];
    for (const rows of batches.slice(0, ROLLUP_SLOTS + 1)) writer.write(batchOf(rows, true));
    // a series first deferred by batch 1 was flushed in round one: only later series may wait
    const waitingRound1 = writer.pendingRollupSeries;
    expect(waitingRound1).toBeLessThanOrEqual(DEVICES.length * KEYS.length);
    for (const rows of batches.slice(ROLLUP_SLOTS + 1, -1)) writer.write(batchOf(rows, true));
    writer.write(batchOf(batches[batches.length - 1], false));
    expect(writer.pendingRollupSeries).toBe(0);
    expectExact();
    writer.close();
  });

  it('after a crash with rollups still in memory, the next writer recomputes them from raw rows: none lost, none twice', () => {
    for (const seed of [3, 4, 5]) {
      // writer A dies (never flushed, never closed) at a different point of a round each time
      const a = createSqliteWriter(file, TZ);
      for (const rows of loadBatches(seed, 7 + seed * 5, seed * 1000)) a.write(batchOf(rows, true));
      expect(a.pendingRollupSeries).toBeGreaterThan(0);
      expect(hourlyTotal()).toBeLessThan(rawTotal());
      // writer B starts on the same file, as the store's replacement thread or the restarted server does
      const b = createSqliteWriter(file, TZ);
      expect(b.pendingRollupSeries).toBe(0);
      expectExact();
      // and keeps them exact from there, late readings below the recovered marks included
      for (const rows of loadBatches(seed + 100, 4, seed * 1000)) b.write(batchOf(rows, true));
      b.flushRollups();
      expectExact();
      b.close();
    }
  });

  it('folds a late reading at once when its series is already flushed past it', () => {
    const writer = createSqliteWriter(file, TZ);
    writer.write(batchOf([[1, 0, T0 + HOUR_MS, 10]], false));
    // deferred: a newer row waits, a late one (older than the flushed mark) goes to the table now
    writer.write(
      batchOf(
        [
          [1, 0, T0 + HOUR_MS + 1000, 20],
          [1, 0, T0, 30],
        ],
        true,
      ),
    );
    expect(hourlyTotal()).toBe(2);
    const late = other.prepare('select count, sum from telemetry_hourly where bucket = ?').get(T0);
    expect(late).toEqual({ count: 1, sum: 30 });
    // the writer dies; the one that starts next recomputes only the waiting row
    const next = createSqliteWriter(file, TZ);
    expectExact();
    next.close();
  });

  it("takes a series' mark from the table when the first rows it sees are late", () => {
    const a = createSqliteWriter(file, TZ);
    a.write(batchOf([[1, 0, T0 + 600_000, 1]], false));
    a.close();
    // a writer started without recovery, whose first row of the series is older than the stored mark
    const b = createSqliteWriter(file, TZ, 'normal', { recover: false });
    b.write(batchOf([[1, 0, T0 + 60_000, 2]], false));
    // still below the stored mark: folded at once, not left waiting where a crash would lose it
    b.write(batchOf([[1, 0, T0 + 300_000, 3]], true));
    expect(b.pendingRollupSeries).toBe(0);
    expectExact();
    b.close();
  });

  it('recomputes nothing when another writer of the process is open (recover: false)', () => {
    const a = createSqliteWriter(file, TZ);
    for (const rows of loadBatches(9, 6)) a.write(batchOf(rows, true));
    const before = hourlyTotal();
    const b = createSqliteWriter(file, TZ, 'normal', { recover: false });
    expect(hourlyTotal()).toBe(before);
    b.close();
    a.close();
    expectExact();
  });
});
