import { hourBucket, type ZoneClock } from './buckets';
import type { RowBatch } from './store';

/** One (device, key, bucket) aggregate of a batch, ready to be merged into a rollup table. */
export interface BucketAgg {
  deviceId: number;
  key: string;
  bucket: number;
  min: number;
  max: number;
  sum: number;
  count: number;
  last: number;
  lastTs: number;
}

/** Newest reading per (device, key) in a batch, with the one before it (for `prev_value`). */
export interface LatestAgg {
  deviceId: number;
  key: string;
  ts: number;
  value: number;
  prevTs: number;
  prevValue: number | null;
}

export interface BatchAggregates {
  hourly: BucketAgg[];
  daily: BucketAgg[];
  latest: LatestAgg[];
}

/** Per (device, key) series of a batch; rows of one series mostly share one hour and one day. */
export interface Series {
  deviceId: number;
  key: string;
  hours: Map<number, BucketAgg>;
  days: Map<number, BucketAgg>;
  latest: LatestAgg;
}

function fold(map: Map<number, BucketAgg>, s: Series, bucket: number, ts: number, v: number) {
  const a = map.get(bucket);
  if (!a) {
    map.set(bucket, {
      deviceId: s.deviceId,
      key: s.key,
      bucket,
      min: v,
      max: v,
      sum: v,
      count: 1,
      last: v,
      lastTs: ts,
    });
    return;
  }
  if (v < a.min) a.min = v;
  if (v > a.max) a.max = v;
  a.sum += v;
  a.count++;
  if (ts >= a.lastTs) {
    a.last = v;
    a.lastTs = ts;
  }
}

/** Aggregates only the rows that were actually inserted, so duplicates never count twice. */
export function aggregateBatch(batch: RowBatch, inserted: Uint8Array, clock: ZoneClock): BatchAggregates {
  // numeric series ids (device id, key index) keep string building and hashing off the per-row path
  const series = new Map<number, Series>();
  let lastDayTs = Number.NaN;
  let lastDay = 0;
  for (let i = 0; i < batch.n; i++) {
    if (!inserted[i]) continue;
    const deviceId = batch.deviceId[i];
    const sid = deviceId * 65536 + batch.keyIdx[i];
    const ts = batch.ts[i];
    const v = batch.value[i];
    let s = series.get(sid);
    if (!s) {
      const key = batch.keys[batch.keyIdx[i]];
      s = {
        deviceId,
        key,
        hours: new Map(),
        days: new Map(),
        latest: { deviceId, key, ts, value: v, prevTs: -1, prevValue: null },
      };
      series.set(sid, s);
    } else {
      const l = s.latest;
      if (ts > l.ts) {
        l.prevTs = l.ts;
        l.prevValue = l.value;
        l.ts = ts;
        l.value = v;
      } else if (ts > l.prevTs && ts !== l.ts) {
        l.prevTs = ts;
        l.prevValue = v;
      }
    }
    fold(s.hours, s, hourBucket(ts), ts, v);
    if (ts !== lastDayTs) {
      lastDayTs = ts;
      lastDay = clock.dayBucket(ts);
    }
    fold(s.days, s, lastDay, ts, v);
  }
  const out: BatchAggregates = { hourly: [], daily: [], latest: [] };
  for (const s of series.values()) {
    for (const a of s.hours.values()) out.hourly.push(a);
    for (const a of s.days.values()) out.daily.push(a);
    out.latest.push(s.latest);
  }
  return out;
}
