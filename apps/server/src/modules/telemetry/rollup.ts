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

function fold(map: Map<string, BucketAgg>, deviceId: number, key: string, bucket: number, ts: number, v: number) {
  const id = `${deviceId}\u0000${key}\u0000${bucket}`;
  const a = map.get(id);
  if (!a) {
    map.set(id, { deviceId, key, bucket, min: v, max: v, sum: v, count: 1, last: v, lastTs: ts });
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
  const hourly = new Map<string, BucketAgg>();
  const daily = new Map<string, BucketAgg>();
  const latest = new Map<string, LatestAgg>();
  for (let i = 0; i < batch.n; i++) {
    if (!inserted[i]) continue;
    const deviceId = batch.deviceId[i];
    const key = batch.keys[batch.keyIdx[i]];
    const ts = batch.ts[i];
    const v = batch.value[i];
    fold(hourly, deviceId, key, hourBucket(ts), ts, v);
    fold(daily, deviceId, key, clock.dayBucket(ts), ts, v);
    const id = `${deviceId}\u0000${key}`;
    const l = latest.get(id);
    if (!l) latest.set(id, { deviceId, key, ts, value: v, prevTs: -1, prevValue: null });
    else if (ts > l.ts) {
      l.prevTs = l.ts;
      l.prevValue = l.value;
      l.ts = ts;
      l.value = v;
    } else if (ts > l.prevTs) {
      l.prevTs = ts;
      l.prevValue = v;
    }
  }
  return { hourly: [...hourly.values()], daily: [...daily.values()], latest: [...latest.values()] };
}
