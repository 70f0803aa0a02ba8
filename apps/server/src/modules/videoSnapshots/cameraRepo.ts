import type { Db } from '../../db/connect';
import { type Scope, scoped } from '../../db/scope';
import { allVideoCameras, type CameraRow, findCamera, listCameras } from '../video/repo';
import type { SnapshotCamera } from './cameras';

/** Cameras as the picture side reads them, through the video module's queries (set-up cameras only). */
const toCamera = (
  r: Pick<
    CameraRow,
    'id' | 'merchant_id' | 'group_id' | 'name' | 'snapshot_every_minutes' | 'enabled' | 'failures' | 'checked_at'
  > &
    Partial<Pick<CameraRow, 'plot_id' | 'longitude' | 'latitude'>>,
): SnapshotCamera => ({
  id: r.id,
  merchantId: r.merchant_id,
  groupId: r.group_id as number,
  name: r.name,
  plotId: r.plot_id ?? null,
  longitude: r.longitude == null ? null : Number(r.longitude),
  latitude: r.latitude == null ? null : Number(r.latitude),
  snapshotMinutes: r.snapshot_every_minutes ?? 0,
  enabled: r.enabled === 1,
  failures: r.failures ?? 0,
  checkedAt: r.checked_at === null ? null : Number(r.checked_at),
});
const usable = (r: { group_id: number | null; enabled: number | null }) => r.group_id !== null && r.enabled === 1;

export async function scheduledCameras(db: Db): Promise<SnapshotCamera[]> {
  const rows = await allVideoCameras(db);
  return rows.filter((r) => usable(r) && (r.snapshot_every_minutes ?? 0) > 0).map(toCamera);
}

export async function camerasOfPark(db: Db, merchantId: number, groupId: number): Promise<SnapshotCamera[]> {
  const rows = await listCameras(db, { merchantId, groupIds: [groupId] }, groupId);
  return rows
    .filter(usable)
    .sort((a, b) => a.id - b.id)
    .map(toCamera);
}

export async function cameraInScope(db: Db, scope: Scope, id: number): Promise<SnapshotCamera | undefined> {
  const r = await findCamera(db, scope, id);
  return r && r.group_id !== null && r.kind !== null ? toCamera(r) : undefined;
}

/** Where an alarm's device is, and the plots of its park, to find the cameras nearest it. */
export async function devicePlace(db: Db, deviceId: number) {
  return db.selectFrom('devices').select(['longitude', 'latitude']).where('id', '=', deviceId).executeTakeFirst();
}

export async function plotsOfPark(db: Db, merchantId: number, groupId: number) {
  return scoped(db, { merchantId, groupIds: [groupId] })
    .selectFrom('area_points')
    .select(['id', 'boundary'])
    .execute();
}
