import type { Db } from '../db/connect';
import type { ZoneClock } from '../modules/telemetry/buckets';
import { aggregateBatch } from '../modules/telemetry/rollup';
import type { RowBatch } from '../modules/telemetry/store';

/**
 * The demo's distant past (beyond the raw range) as daily rollups only: a year-over-year comparison reads
 * days, and writing a day's aggregate instead of its readings keeps the first start fast. Rows that exist
 * are left alone, so a resumed fill adds only what is missing.
 */
export async function writeDailyRollups(db: Db, clock: ZoneClock, batch: RowBatch): Promise<number> {
  const { daily } = aggregateBatch(batch, new Uint8Array(batch.n).fill(1), clock);
  // 9 columns a row: well under SQLite's and PostgreSQL's bound-parameter limits per statement
  for (let i = 0; i < daily.length; i += 500) {
    await db
      .insertInto('telemetry_daily')
      .values(
        daily.slice(i, i + 500).map((a) => ({
          device_id: a.deviceId,
          key: a.key,
          bucket: a.bucket,
          min: a.min,
          max: a.max,
          sum: a.sum,
          count: a.count,
          last: a.last,
          last_ts: a.lastTs,
        })),
      )
      .onConflict((oc) => oc.columns(['device_id', 'key', 'bucket']).doNothing())
      .execute();
  }
  return daily.length;
}
