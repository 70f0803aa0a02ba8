import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import { inList, type Scope } from '../../db/scope';
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
    ])
    .where('d.device_class', '=', 'camera');
}
export type CameraRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

/** The same, limited to the caller's parks. */
function cameraQuery(db: Db, scope: Scope) {
  return baseQuery(db).where('d.merchant_id', '=', scope.merchantId).where('d.group_id', 'in', inList(scope.groupIds));
}

/** A camera by id whoever owns it: for server jobs (snapshots) that looked the caller up themselves. */
export function cameraById(db: Db, id: number) {
  return baseQuery(db).where('d.id', '=', id).executeTakeFirst();
}

export function listCameras(db: Db, scope: Scope, groupId: number | undefined) {
  let q = cameraQuery(db, scope);
  if (groupId !== undefined) q = q.where('d.group_id', '=', groupId);
  return q.orderBy('d.group_id').orderBy('d.name').orderBy('d.id').execute();
}

export function findCamera(db: Db, scope: Scope, id: number) {
  return cameraQuery(db, scope).where('d.id', '=', id).executeTakeFirst();
}

/** Every set-up camera of every merchant (the scheduler and the demo walk them). */
export function allVideoCameras(db: Db) {
  return db
    .selectFrom('video_cameras as v')
    .innerJoin('devices as d', 'd.id', 'v.device_id')
    .select(['d.id', 'd.merchant_id', 'd.group_id', 'd.name', 'v.kind', 'v.enabled', 'v.snapshot_every_minutes'])
    .execute();
}

export async function saveVideoSettings(db: Db, row: Insertable<VideoCamerasTable>): Promise<void> {
  const { device_id, ...rest } = row;
  const done = await db.updateTable('video_cameras').set(rest).where('device_id', '=', device_id).executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) await db.insertInto('video_cameras').values(row).execute();
}

export function updateVideoSettings(db: Db, deviceId: number, set: Updateable<VideoCamerasTable>) {
  return db.updateTable('video_cameras').set(set).where('device_id', '=', deviceId).execute();
}

/** A plot (area point) of the park, or undefined. */
export function findPlot(db: Db, merchantId: number, groupId: number, plotId: number) {
  return db
    .selectFrom('area_points')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('group_id', '=', groupId)
    .where('id', '=', plotId)
    .executeTakeFirst();
}

export function ezvizKeyRow(db: Db, merchantId: number) {
  return db
    .selectFrom('video_ezviz_keys')
    .select(['app_key', 'secret'])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/** A new key or secret drops the cached token: it belongs to the old key. */
export async function saveEzvizKey(db: Db, merchantId: number, appKey: string, secret: string): Promise<void> {
  const set = { app_key: appKey, secret, access_token: null, token_expires_at: null, updated_at: Date.now() };
  const done = await db
    .updateTable('video_ezviz_keys')
    .set(set)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0)
    await db
      .insertInto('video_ezviz_keys')
      .values({ merchant_id: merchantId, ...set })
      .execute();
}
