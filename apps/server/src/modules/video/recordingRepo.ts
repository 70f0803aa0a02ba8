import type { Insertable } from 'kysely';
import type { Db } from '../../db/connect';
import { merchantWide } from '../../db/scope';
import type { VideoSegmentsTable } from '../../db/videoCamerasSchema';

/** The recorder's index of finished segment files (migration 2026_11_29_99; docs/VIDEO.md). */
export type SegmentRow = {
  id: number;
  camera_id: number;
  merchant_id: number;
  file: string;
  start_at: number;
  end_at: number;
  bytes: number;
};

const COLUMNS = ['id', 'camera_id', 'merchant_id', 'file', 'start_at', 'end_at', 'bytes'] as const;
const asRow = (r: SegmentRow): SegmentRow => ({
  ...r,
  start_at: Number(r.start_at),
  end_at: Number(r.end_at),
  bytes: Number(r.bytes),
});

/** Cameras set to record around the clock (enabled ones), of every merchant: the recorder's work. */
export function recordingCameraIds(db: Db): Promise<number[]> {
  return db
    .selectFrom('video_cameras')
    .select('device_id')
    .where('record_always', '=', 1)
    .where('enabled', '=', 1)
    .execute()
    .then((rows) => rows.map((r) => r.device_id));
}

export async function insertSegment(db: Db, row: Insertable<VideoSegmentsTable>): Promise<void> {
  await merchantWide(db, row.merchant_id)
    .insertInto('video_segments')
    .values(row)
    .onConflict((oc) => oc.columns(['camera_id', 'start_at']).doNothing())
    .execute();
}

/** Many at once (the demo's past hours), in batches. */
export async function insertSegments(db: Db, merchantId: number, rows: Insertable<VideoSegmentsTable>[]) {
  for (let i = 0; i < rows.length; i += 200)
    await merchantWide(db, merchantId)
      .insertInto('video_segments')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['camera_id', 'start_at']).doNothing())
      .execute();
}

/** The start of the camera's newest indexed segment (0: none): files after it are still to index. */
export async function lastSegmentStart(db: Db, merchantId: number, cameraId: number): Promise<number> {
  const row = await merchantWide(db, merchantId)
    .selectFrom('video_segments')
    .select((eb) => eb.fn.max('start_at').as('last'))
    .where('camera_id', '=', cameraId)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** The camera's segments overlapping [from, to], oldest first (the caller checked who may see the camera). */
export async function segmentsIn(db: Db, merchantId: number, cameraId: number, from: number, to: number) {
  const rows = await merchantWide(db, merchantId)
    .selectFrom('video_segments')
    .select(COLUMNS)
    .where('camera_id', '=', cameraId)
    .where('end_at', '>=', from)
    .where('start_at', '<=', to)
    .orderBy('start_at')
    .execute();
  return rows.map(asRow);
}

/** Segments that ended before `before`, oldest first (retention by days), at most `limit`. */
export async function expiredSegments(db: Db, before: number, limit: number): Promise<SegmentRow[]> {
  const rows = await db
    .selectFrom('video_segments')
    .select(COLUMNS)
    .where('end_at', '<', before)
    .orderBy('start_at')
    .limit(limit)
    .execute();
  return rows.map(asRow);
}

/** Bytes kept per merchant (the quota). */
export async function bytesByMerchant(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('video_segments')
    .select((eb) => ['merchant_id', eb.fn.sum<number>('bytes').as('bytes')])
    .groupBy('merchant_id')
    .execute();
  return new Map(rows.map((r) => [r.merchant_id, Number(r.bytes)]));
}

/** The oldest segments, of one merchant or of all (the free-disk floor), at most `limit`. */
export async function oldestSegments(db: Db, merchantId: number | null, limit: number): Promise<SegmentRow[]> {
  const base = merchantId === null ? db : merchantWide(db, merchantId);
  const rows = await base.selectFrom('video_segments').select(COLUMNS).orderBy('start_at').limit(limit).execute();
  return rows.map(asRow);
}

export async function deleteSegments(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('video_segments').where('id', 'in', ids).execute();
}
