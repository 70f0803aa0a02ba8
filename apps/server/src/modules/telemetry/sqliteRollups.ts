import type SQLite from 'better-sqlite3';
import type { ZoneClock } from './buckets';
import { aggregateBatch, type BatchAggregates, type BucketAgg, type Series } from './rollup';
import { multiRow } from './sqliteMultiRow';
import type { RowBatch } from './store';

/**
 * Under load a deferred series is flushed once every this many batches (a sixteenth of the pending
 * series per batch): each series' hourly and daily rows are rewritten once per round instead of once
 * per batch, and the flush cost is spread evenly instead of landing on one batch.
 */
export const ROLLUP_SLOTS = 16;

/** Rows of one series waiting in memory: all of its stored rows newer than its mark, and only those. */
type Pending = Omit<Series, 'latest'> & { maxTs: number; slot: number };

/** What a batch's transaction did to the rollups, applied to memory only once it has committed. */
export interface RollupPlan {
  flushed: Pending[];
  /** Buckets of rows newer than their series' mark, left in memory. */
  deferred: BatchAggregates | null;
  /** Series whose rows are all in the tables now, with their newest ts. */
  caughtUp: { deviceId: number; key: string; ts: number }[];
}

const seriesId = (deviceId: number, key: string) => `${deviceId}\u0000${key}`;

function merge(into: Map<number, BucketAgg>, a: BucketAgg) {
  const b = into.get(a.bucket);
  if (!b) return void into.set(a.bucket, { ...a });
  if (a.min < b.min) b.min = a.min;
  if (a.max > b.max) b.max = a.max;
  b.sum += a.sum;
  b.count += a.count;
  if (a.lastTs >= b.lastTs) {
    b.last = a.last;
    b.lastTs = a.lastTs;
  }
}

/**
 * Hourly and daily rollups of the SQLite writer. Each series has a **mark**: the newest ts folded into
 * its rollups, which is the `last_ts` of its newest hourly bucket (so the mark is stored with the very
 * rows it describes and moves in the same transaction). The rollup tables hold exactly the series' rows
 * with ts <= mark; rows newer than the mark may wait in memory (`defer`), late rows (ts <= mark) are
 * folded at once. After a crash the rows above each mark are folded again from the raw table
 * (`recover`): nothing waiting in memory is lost and nothing already folded counts twice.
 */
export function createRollupWriter(db: SQLite.Database, clock: ZoneClock) {
  const tail = (table: string) =>
    `on conflict (device_id, key, bucket) do update set
       min = min(${table}.min, excluded.min),
       max = max(${table}.max, excluded.max),
       sum = ${table}.sum + excluded.sum,
       count = ${table}.count + excluded.count,
       last = case when excluded.last_ts >= ${table}.last_ts then excluded.last else ${table}.last end,
       last_ts = max(${table}.last_ts, excluded.last_ts)`;
  const upsertOf = (table: string) =>
    multiRow(db, `insert into ${table} (device_id, key, bucket, min, max, sum, count, last, last_ts)`, 9, tail(table));
  const upsertHourly = upsertOf('telemetry_hourly');
  const upsertDaily = upsertOf('telemetry_daily');
  const upsert = (hourly: BucketAgg[], daily: BucketAgg[]) => {
    const push = (list: BucketAgg[]) => (i: number, p: unknown[]) => {
      const a = list[i];
      p.push(a.deviceId, a.key, a.bucket, a.min, a.max, a.sum, a.count, a.last, a.lastTs);
    };
    upsertHourly.run(hourly.length, push(hourly));
    upsertDaily.run(daily.length, push(daily));
  };
  const upsertPending = (list: Pending[]) => {
    const hourly: BucketAgg[] = [];
    const daily: BucketAgg[] = [];
    for (const p of list) {
      for (const a of p.hours.values()) hourly.push(a);
      for (const a of p.days.values()) daily.push(a);
    }
    upsert(hourly, daily);
  };
  const storedMark = db
    .prepare('select last_ts from telemetry_hourly where device_id = ? and key = ? order by bucket desc limit 1')
    .pluck();
  const marks = new Map<string, number>();
  const pending = new Map<string, Pending>();
  let turn = 0;
  let nextSlot = 0;

  const markOf = (deviceId: number, key: string) => {
    const id = seriesId(deviceId, key);
    let m = marks.get(id);
    if (m === undefined) {
      m = (storedMark.get(deviceId, key) as number | null) ?? Number.MIN_SAFE_INTEGER;
      marks.set(id, m);
    }
    return m;
  };
  // A series not looked up yet is left to `markOf`, which reads the committed mark: `ts` of a late row
  // may be below it, and a mark remembered too low would let rows at or below the real one wait.
  const raiseMark = (deviceId: number, key: string, ts: number) => {
    const id = seriesId(deviceId, key);
    const m = marks.get(id);
    if (m !== undefined && ts > m) marks.set(id, ts);
  };

  /**
   * Rows that were inserted and are not newer than their series' mark (late readings): folded at once.
   * `raised`: marks this transaction moves (series flushed in it); a row below such a mark must not wait.
   */
  function lateRows(batch: RowBatch, inserted: Uint8Array, raised: Map<string, number>): Uint8Array | null {
    let late: Uint8Array | null = null;
    const seen = new Map<number, number>();
    for (let i = 0; i < batch.n; i++) {
      if (!inserted[i]) continue;
      const sid = batch.deviceId[i] * 65536 + batch.keyIdx[i];
      let m = seen.get(sid);
      if (m === undefined) {
        const key = batch.keys[batch.keyIdx[i]];
        m = Math.max(
          markOf(batch.deviceId[i], key),
          raised.get(seriesId(batch.deviceId[i], key)) ?? Number.MIN_SAFE_INTEGER,
        );
        seen.set(sid, m);
      }
      if (batch.ts[i] <= m) {
        late ??= new Uint8Array(batch.n);
        late[i] = 1;
      }
    }
    return late;
  }

  function apply(plan: RollupPlan) {
    turn++;
    for (const p of plan.flushed) {
      pending.delete(seriesId(p.deviceId, p.key));
      raiseMark(p.deviceId, p.key, p.maxTs);
    }
    for (const c of plan.caughtUp) raiseMark(c.deviceId, c.key, c.ts);
    const d = plan.deferred;
    if (!d) return;
    const entry = (a: { deviceId: number; key: string }) => {
      const id = seriesId(a.deviceId, a.key);
      let p = pending.get(id);
      if (!p) {
        p = {
          deviceId: a.deviceId,
          key: a.key,
          hours: new Map(),
          days: new Map(),
          maxTs: Number.MIN_SAFE_INTEGER,
          slot: nextSlot++ % ROLLUP_SLOTS,
        };
        pending.set(id, p);
      }
      return p;
    };
    for (const a of d.hourly) merge(entry(a).hours, a);
    for (const a of d.daily) merge(entry(a).days, a);
    for (const l of d.latest) {
      const p = entry(l);
      if (l.ts > p.maxTs) p.maxTs = l.ts;
    }
  }

  return {
    /**
     * Inside the batch's transaction; pure until `apply`. `agg` aggregates every inserted row. Not
     * deferred: the batch's buckets and everything waiting go to the tables. Deferred: late rows go to
     * the tables, the rest waits, and the series of this turn's slot are flushed.
     */
    write(batch: RowBatch, inserted: Uint8Array, agg: BatchAggregates, defer: boolean): RollupPlan {
      if (!defer) {
        const all = [...pending.values()];
        upsertPending(all);
        upsert(agg.hourly, agg.daily);
        return { flushed: all, deferred: null, caughtUp: agg.latest };
      }
      const slot = turn % ROLLUP_SLOTS;
      const due: Pending[] = [];
      const raised = new Map<string, number>();
      for (const p of pending.values()) {
        if (p.slot !== slot) continue;
        due.push(p);
        raised.set(seriesId(p.deviceId, p.key), p.maxTs);
      }
      upsertPending(due);
      const late = lateRows(batch, inserted, raised);
      let deferred = agg;
      if (late) {
        const fresh = inserted.map((v, i) => (v && !late[i] ? 1 : 0));
        const lateAgg = aggregateBatch(batch, late, clock);
        upsert(lateAgg.hourly, lateAgg.daily);
        deferred = aggregateBatch(batch, fresh, clock);
      }
      return { flushed: due, deferred, caughtUp: [] };
    },
    apply,
    /** Writes everything waiting, in a transaction of its own. */
    flushAll() {
      if (pending.size === 0) return;
      const all = [...pending.values()];
      db.transaction(() => upsertPending(all))();
      apply({ flushed: all, deferred: null, caughtUp: [] });
    },
    /** Series with rows waiting in memory (for tests and the benchmark). */
    get pendingSeries() {
      return pending.size;
    },
    /**
     * At start: folds the rows above each series' mark (rows that were waiting in memory when the last
     * writer died) into the rollups, in one transaction. The newest ts per series comes from
     * `device_latest`, which is written with every batch. Returns the number of rows folded.
     */
    recover(): number {
      const series = db
        .prepare(
          `select l.device_id as deviceId, l.key as key, l.ts as ts,
             (select h.last_ts from telemetry_hourly h where h.device_id = l.device_id and h.key = l.key
              order by h.bucket desc limit 1) as mark
           from device_latest l`,
        )
        .all() as { deviceId: number; key: string; ts: number; mark: number | null }[];
      const rowsAbove = db.prepare('select ts, value from telemetry where device_id = ? and key = ? and ts > ?');
      const behind: { deviceId: number; key: string; rows: { ts: number; value: number }[] }[] = [];
      let n = 0;
      for (const s of series) {
        const mark = s.mark ?? Number.MIN_SAFE_INTEGER;
        marks.set(seriesId(s.deviceId, s.key), mark);
        if (s.ts <= mark) continue;
        const rows = rowsAbove.all(s.deviceId, s.key, mark) as { ts: number; value: number }[];
        if (rows.length === 0) continue;
        behind.push({ deviceId: s.deviceId, key: s.key, rows });
        n += rows.length;
      }
      if (n === 0) return 0;
      const keys = [...new Set(behind.map((b) => b.key))];
      const batch: RowBatch = {
        n,
        deviceId: new Int32Array(n),
        keyIdx: new Uint16Array(n),
        ts: new Float64Array(n),
        value: new Float64Array(n),
        keys,
        seenDeviceIds: [],
        now: Date.now(),
        refusals: [],
      };
      let i = 0;
      for (const b of behind) {
        const k = keys.indexOf(b.key);
        for (const r of b.rows) {
          batch.deviceId[i] = b.deviceId;
          batch.keyIdx[i] = k;
          batch.ts[i] = r.ts;
          batch.value[i++] = r.value;
        }
      }
      const agg = aggregateBatch(batch, new Uint8Array(n).fill(1), clock);
      db.transaction(() => upsert(agg.hourly, agg.daily))();
      for (const l of agg.latest) raiseMark(l.deviceId, l.key, l.ts);
      return n;
    },
  };
}
