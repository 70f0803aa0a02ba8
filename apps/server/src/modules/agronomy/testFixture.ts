import type { Db } from '../../db/connect';

/**
 * The park station's (DF-WS-0001) air temperature days replaced by daily rollups of 15 to 25 °C, one per day
 * starting at each of `buckets` (local midnights): 10 °C·day a day by the single sine between 10 and 31.1 °C.
 */
export async function tenDegreeDays(db: Db, buckets: number[]): Promise<void> {
  const station = await db
    .selectFrom('devices')
    .select('id')
    .where('serial', '=', 'DF-WS-0001')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('telemetry_daily').where('device_id', '=', station.id).where('key', '=', 'airTemp').execute();
  for (const bucket of buckets)
    await db
      .insertInto('telemetry_daily')
      .values({
        device_id: station.id,
        key: 'airTemp',
        bucket,
        min: 15,
        max: 25,
        sum: 480,
        count: 24,
        last: 20,
        last_ts: bucket,
      })
      .execute();
}

/** A trap's checks: a picture taken at each time, with one model detection of each category listed. */
export async function trapChecks(db: Db, trap: number, checks: [at: number, categoryIds: number[]][]): Promise<void> {
  for (const [at, categoryIds] of checks) {
    const image = await db
      .insertInto('device_images')
      .values({ device_id: trap, sha256: 'b'.repeat(64), mime: 'image/jpeg', bytes: 1, taken_at: at, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, category_id] of categoryIds.entries())
      await db
        .insertInto('image_detections')
        .values({
          image_id: image.id,
          category_id,
          x: 0.1 * i,
          y: 0.1,
          w: 0.05,
          h: 0.05,
          confidence: 0.8,
          source: 'model',
          created_by: '',
          updated_at: at,
        })
        .execute();
  }
}
