import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { zoneClock } from './buckets';
import { aggregateBatch, type BucketAgg } from './rollup';
import { type RowBatch, type TelemetryStore, TOUCH_EVERY_MS } from './store';

const col = <T>(rows: T[], pick: (r: T) => unknown) => rows.map(pick);

/**
 * PostgreSQL store: each statement sends whole columns as arrays (`unnest`), so a batch of thousands of
 * rows is a handful of round trips in one transaction; the pool does the waiting, not the event loop.
 */
export function createPgStore(db: Db, tzName: string): TelemetryStore {
  const clock = zoneClock(tzName);
  const touched = new Map<number, number>();

  const upsertRollup = (trx: Db, table: 'telemetry_hourly' | 'telemetry_daily', rows: BucketAgg[]) =>
    rows.length === 0
      ? Promise.resolve()
      : sql`
      insert into ${sql.table(table)} as t (device_id, key, bucket, min, max, sum, count, last, last_ts)
      select * from unnest(${col(rows, (r) => r.deviceId)}::int[], ${col(rows, (r) => r.key)}::text[],
        ${col(rows, (r) => r.bucket)}::bigint[], ${col(rows, (r) => r.min)}::float8[], ${col(rows, (r) => r.max)}::float8[],
        ${col(rows, (r) => r.sum)}::float8[], ${col(rows, (r) => r.count)}::int[], ${col(rows, (r) => r.last)}::float8[],
        ${col(rows, (r) => r.lastTs)}::bigint[])
      on conflict (device_id, key, bucket) do update set
        min = least(t.min, excluded.min), max = greatest(t.max, excluded.max),
        sum = t.sum + excluded.sum, count = t.count + excluded.count,
        last = case when excluded.last_ts >= t.last_ts then excluded.last else t.last end,
        last_ts = greatest(t.last_ts, excluded.last_ts)`.execute(trx);

  return {
    async write(batch: RowBatch) {
      const n = batch.n;
      const keys = Array.from(batch.keyIdx.subarray(0, n), (k) => batch.keys[k]);
      const devices = Array.from(batch.deviceId.subarray(0, n));
      const tss = Array.from(batch.ts.subarray(0, n));
      const values = Array.from(batch.value.subarray(0, n));
      const stale = batch.seenDeviceIds.filter((id) => batch.now - (touched.get(id) ?? 0) >= TOUCH_EVERY_MS);
      const result = await db.transaction().execute(async (trx) => {
        const inserted = new Uint8Array(n);
        if (n > 0) {
          const res = await sql<{ device_id: number; key: string; ts: number }>`
            insert into telemetry (device_id, key, ts, value)
            select * from unnest(${devices}::int[], ${keys}::text[], ${tss}::bigint[], ${values}::float8[])
            on conflict do nothing
            returning device_id, key, ts`.execute(trx);
          const index = new Map<string, number>();
          for (let i = n - 1; i >= 0; i--) index.set(`${devices[i]}\u0000${keys[i]}\u0000${tss[i]}`, i);
          for (const r of res.rows) {
            const i = index.get(`${r.device_id}\u0000${r.key}\u0000${Number(r.ts)}`);
            if (i !== undefined) inserted[i] = 1;
          }
        }
        const agg = aggregateBatch(batch, inserted, clock);
        await upsertRollup(trx, 'telemetry_hourly', agg.hourly);
        await upsertRollup(trx, 'telemetry_daily', agg.daily);
        const l = agg.latest;
        if (l.length > 0) {
          await sql`
            insert into device_latest as t (device_id, key, ts, value, prev_value, prev_ts)
            select * from unnest(${col(l, (r) => r.deviceId)}::int[], ${col(l, (r) => r.key)}::text[],
              ${col(l, (r) => r.ts)}::bigint[], ${col(l, (r) => r.value)}::float8[], ${col(l, (r) => r.prevValue)}::float8[],
              ${col(l, (r) => (r.prevValue === null ? null : r.prevTs))}::bigint[])
            on conflict (device_id, key) do update set
              prev_value = case when excluded.prev_ts > t.ts then excluded.prev_value else t.value end,
              prev_ts = case when excluded.prev_ts > t.ts then excluded.prev_ts else t.ts end,
              value = excluded.value, ts = excluded.ts
            where excluded.ts > t.ts`.execute(trx);
        }
        if (stale.length > 0) {
          await sql`update devices set last_seen_at = ${batch.now} where id = any(${stale}::int[])`.execute(trx);
        }
        const rf = batch.refusals;
        if (rf.length > 0) {
          await sql`
            insert into ingest_refused as t (serial, reason, device_id, count, last_at)
            select s, r, d, c, ${batch.now}::bigint from unnest(${col(rf, (r) => r.serial)}::text[], ${col(rf, (r) => r.reason)}::text[],
              ${col(rf, (r) => r.deviceId)}::int[], ${col(rf, (r) => r.count)}::bigint[]) as u(s, r, d, c)
            on conflict (serial, reason) do update set count = t.count + excluded.count, last_at = excluded.last_at,
              device_id = coalesce(excluded.device_id, t.device_id)`.execute(trx);
        }
        return { inserted };
      });
      for (const id of stale) touched.set(id, batch.now);
      return result;
    },
    async close() {},
  };
}
