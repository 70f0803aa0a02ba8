import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import { rowById } from '../../db/rows';
import { merchantWide, type Scope, scoped } from '../../db/scope';
import type { VideoSnapshotsTable, VideoTimelapsesTable } from '../../db/videoSnapshotsSchema';

export type SnapshotRow = Selectable<VideoSnapshotsTable>;
export type TimelapseRow = Selectable<VideoTimelapsesTable>;

export async function insertSnapshot(db: Db, row: Insertable<VideoSnapshotsTable>): Promise<number> {
  const r = await db.insertInto('video_snapshots').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** A camera's pictures, within the caller's merchant and parks. */
function cameraSnapshots(db: Db, scope: Scope, cameraId: number) {
  return scoped(db, scope).selectFrom('video_snapshots').selectAll().where('camera_id', '=', cameraId);
}

/** A camera's pictures in [start, end), oldest first, at most `limit`. */
export function snapshotsInRange(db: Db, scope: Scope, cameraId: number, start: number, end: number, limit: number) {
  return cameraSnapshots(db, scope, cameraId)
    .where('taken_at', '>=', start)
    .where('taken_at', '<', end)
    .orderBy('taken_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Every picture time of a camera (ms), for counting days in a zone; small (8 bytes a picture). */
export async function snapshotTimes(db: Db, scope: Scope, cameraId: number): Promise<number[]> {
  const rows = await cameraSnapshots(db, scope, cameraId)
    .clearSelect()
    .select('taken_at')
    .orderBy('taken_at')
    .execute();
  return rows.map((r) => Number(r.taken_at));
}

export function snapshotOf(db: Db, scope: Scope, id: number) {
  return rowById(db, scope, 'video_snapshots', id);
}

/** A camera's newest picture within the caller's parks (the camera index serves it), or undefined. */
export function newestSnapshot(db: Db, scope: Scope, cameraId: number) {
  return cameraSnapshots(db, scope, cameraId)
    .orderBy('taken_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function snapshotsOfAlarm(db: Db, scope: Scope, alarmId: number) {
  return scoped(db, scope)
    .selectFrom('video_snapshots')
    .selectAll()
    .where('alarm_id', '=', alarmId)
    .orderBy('id')
    .execute();
}

/** When each camera last had a scheduled picture (cameras without one are absent). */
export async function lastScheduledAt(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('video_snapshots')
    .select(['camera_id', (eb) => eb.fn.max('taken_at').as('last')])
    .where('source', '=', 'schedule')
    .groupBy('camera_id')
    .execute();
  return new Map(rows.map((r) => [r.camera_id, Number(r.last)]));
}

export async function insertTimelapse(db: Db, row: Insertable<VideoTimelapsesTable>): Promise<number> {
  const r = await db.insertInto('video_timelapses').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export function timelapseOf(db: Db, scope: Scope, id: number) {
  return rowById(db, scope, 'video_timelapses', id);
}

/** A job by id whoever owns it (the job runner, which was handed the id). */
export function timelapseById(db: Db, id: number) {
  return db.selectFrom('video_timelapses').selectAll().where('id', '=', id).executeTakeFirst();
}

export function timelapsesOfCamera(db: Db, scope: Scope, cameraId: number) {
  return scoped(db, scope)
    .selectFrom('video_timelapses')
    .selectAll()
    .where('camera_id', '=', cameraId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

export async function updateTimelapse(db: Db, id: number, set: Partial<Insertable<VideoTimelapsesTable>>) {
  await db.updateTable('video_timelapses').set(set).where('id', '=', id).execute();
}

/** Jobs a stopped process left behind: they restart from the frames on disk. */
export function unfinishedTimelapses(db: Db) {
  return db.selectFrom('video_timelapses').selectAll().where('state', 'in', ['queued', 'running']).execute();
}

/** Frames of a time-lapse: the pictures of the job's camera in its range, any source. */
export function framesOf(db: Db, job: TimelapseRow) {
  return merchantWide(db, job.merchant_id)
    .selectFrom('video_snapshots')
    .select(['sha256', 'mime'])
    .where('camera_id', '=', job.camera_id)
    .where('taken_at', '>=', job.start_at)
    .where('taken_at', '<', job.end_at)
    .orderBy('taken_at')
    .orderBy('id')
    .execute();
}
