import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import { updateById } from '../../db/rows';
import { merchantWide, type Scope, scoped } from '../../db/scope';
import type { VideoCamerasTable } from '../../db/videoCamerasSchema';

/** Camera-class devices with their video settings (absent = not set up yet). */
function baseQuery(db: Db) {
  return db
    .selectFrom('devices as d')
    .leftJoin('video_cameras as v', 'v.device_id', 'd.id')
    .select([
      'd.id',
      'd.merchant_id',
      'd.name',
      'd.group_id',
      'd.serial',
      'd.online',
      'd.longitude',
      'd.latitude',
      'v.plot_id',
      'v.kind',
      'v.ezviz_serial',
      'v.ezviz_channel',
      'v.stream_url',
      'v.ptz',
      'v.purpose',
      'v.snapshot_every_minutes',
      'v.enabled',
      'v.fault',
      'v.fault_detail',
      'v.failures',
      'v.checked_at',
      'v.unchecked',
      'v.record_always',
    ])
    .where('d.device_class', '=', 'camera');
}
export type CameraRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

/** A camera by id whoever owns it: for server jobs (snapshots) that looked the caller up themselves. */
export function cameraById(db: Db, id: number) {
  return baseQuery(db).where('d.id', '=', id).executeTakeFirst();
}

/** The caller's cameras, of one park when `groupId` is given (none when it is not one of the caller's). */
export function listCameras(db: Db, scope: Scope, groupId: number | undefined) {
  return baseQuery(scoped(db, scope, groupId))
    .orderBy('d.group_id')
    .orderBy('d.name')
    .orderBy('d.id')
    .execute();
}

export function findCamera(db: Db, scope: Scope, id: number) {
  return baseQuery(scoped(db, scope)).where('d.id', '=', id).executeTakeFirst();
}

/** Every set-up camera of every merchant (the scheduler and the demo walk them). */
export function allVideoCameras(db: Db) {
  return db
    .selectFrom('video_cameras as v')
    .innerJoin('devices as d', 'd.id', 'v.device_id')
    .select(['d.id', 'd.merchant_id', 'd.group_id', 'd.name', 'v.kind', 'v.enabled', 'v.snapshot_every_minutes'])
    .select(['v.failures', 'v.checked_at'])
    .execute();
}

export async function saveVideoSettings(db: Db, row: Insertable<VideoCamerasTable>): Promise<void> {
  const { device_id, ...rest } = row;
  const mine = merchantWide(db, row.merchant_id);
  const done = await mine.updateTable('video_cameras').set(rest).where('device_id', '=', device_id).executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) await mine.insertInto('video_cameras').values(row).execute();
}

export function updateVideoSettings(db: Db, deviceId: number, set: Updateable<VideoCamerasTable>) {
  return db.updateTable('video_cameras').set(set).where('device_id', '=', deviceId).execute();
}

/** A camera device's name, park and place (video setup edits them with its settings). */
export function updateCameraDevice(
  db: Db,
  scope: Scope,
  id: number,
  set: { name: string; group_id: number; longitude: number | null; latitude: number | null },
) {
  return updateById(db, scope, 'devices', id, set);
}

export function deleteVideoSettings(db: Db, scope: Scope, deviceId: number) {
  return scoped(db, scope).deleteFrom('video_cameras').where('device_id', '=', deviceId).execute();
}

/** A plot (area point) of one of the caller's parks, or undefined. */
export function findPlot(db: Db, scope: Scope, groupId: number, plotId: number) {
  return scoped(db, scope, groupId).selectFrom('area_points').select('id').where('id', '=', plotId).executeTakeFirst();
}

/** The merchant's EZVIZ key and the token the server keeps for it. */
export function ezvizKeyRow(db: Db, merchantId: number) {
  return merchantWide(db, merchantId)
    .selectFrom('video_ezviz_keys')
    .select(['app_key', 'secret', 'access_token', 'token_expires_at'])
    .executeTakeFirst();
}

/** A new key or secret drops the cached token: it belongs to the old key. */
export async function saveEzvizKey(db: Db, merchantId: number, appKey: string, secret: string): Promise<void> {
  const set = { app_key: appKey, secret, access_token: null, token_expires_at: null, updated_at: Date.now() };
  const mine = merchantWide(db, merchantId);
  const done = await mine.updateTable('video_ezviz_keys').set(set).executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0)
    await mine
      .insertInto('video_ezviz_keys')
      .values({ merchant_id: merchantId, ...set })
      .execute();
}

export async function saveEzvizToken(db: Db, merchantId: number, token: string, expiresAt: number): Promise<void> {
  await merchantWide(db, merchantId)
    .updateTable('video_ezviz_keys')
    .set({ access_token: token, token_expires_at: expiresAt, updated_at: Date.now() })
    .execute();
}

/** The camera answered: its fault is cleared, and its device is online and was heard from now. */
export async function noteCameraReached(db: Db, merchantId: number, id: number, at: number): Promise<void> {
  const mine = merchantWide(db, merchantId);
  await mine
    .updateTable('video_cameras')
    .set({ fault: null, fault_detail: null, failures: 0, checked_at: at, unchecked: 0 })
    .where('device_id', '=', id)
    .execute();
  await mine.updateTable('devices').set({ online: 1, last_seen_at: at, status_at: at }).where('id', '=', id).execute();
}

/**
 * The camera failed once more: the cause is kept and counted; answers how many failures in a row. When
 * `offlineFrom` failures are reached its device counts as offline (its last_seen_at stays where the last
 * success left it, so offline alarm rules count the silence from there).
 */
export async function noteCameraFailed(
  db: Db,
  merchantId: number,
  id: number,
  f: { fault: string; detail: string; at: number; offlineFrom: number },
): Promise<number> {
  const mine = merchantWide(db, merchantId);
  const row = await mine
    .updateTable('video_cameras')
    .set((eb) => ({
      fault: f.fault,
      fault_detail: f.detail,
      failures: eb('failures', '+', 1),
      checked_at: f.at,
      unchecked: 0,
    }))
    .where('device_id', '=', id)
    .returning('failures')
    .executeTakeFirst();
  const failures = Number(row?.failures ?? 0);
  if (failures >= f.offlineFrom)
    await mine
      .updateTable('devices')
      .set({ online: 0, status_at: f.at })
      .where('id', '=', id)
      .where('online', '=', 1)
      .execute();
  return failures;
}

/** Saved without a check on purpose: no fault known, not reached. */
export async function noteCameraUnchecked(db: Db, merchantId: number, id: number): Promise<void> {
  await merchantWide(db, merchantId)
    .updateTable('video_cameras')
    .set({ fault: null, fault_detail: null, failures: 0, unchecked: 1 })
    .where('device_id', '=', id)
    .execute();
}
