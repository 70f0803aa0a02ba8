import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import type { AreaPointsTable, GroupPointsTable } from '../../db/pointsSchema';
import { deleteByIds, insertRow, rowById, rowsByIds, updateById } from '../../db/rows';
import { type Scope, scoped } from '../../db/scope';

/** A park's map: its group point (centre, zoom, boundary), its areas (plots) and where its devices stand. */

export const findGroupPointByGroup = (db: Db, scope: Scope, groupId: number) =>
  scoped(db, scope, groupId).selectFrom('group_points').selectAll().executeTakeFirst();

export const findGroupPoint = (db: Db, scope: Scope, pointId: number) => rowById(db, scope, 'group_points', pointId);

export const insertGroupPoint = (db: Db, scope: Scope, row: Insertable<GroupPointsTable>) =>
  insertRow(db, scope, 'group_points', row);

export const updateGroupPoint = (db: Db, scope: Scope, pointId: number, set: Updateable<GroupPointsTable>) =>
  updateById(db, scope, 'group_points', pointId, set);

/** The park keeps its own location columns (park list, weather); they follow the group point. */
export const setParkLocation = (db: Db, scope: Scope, groupId: number, longitude: number, latitude: number) =>
  updateById(db, scope, 'groups', groupId, { longitude, latitude });

export async function deleteGroupPoint(db: Db, scope: Scope, pointId: number): Promise<void> {
  // Explicit, not only by cascade: SQLite connections without foreign_keys would leave orphans.
  await scoped(db, scope).deleteFrom('area_points').where('point_id', '=', pointId).execute();
  await deleteByIds(db, scope, 'group_points', [pointId]);
}

export const listAreaPoints = (db: Db, scope: Scope, pointId: number) =>
  scoped(db, scope).selectFrom('area_points').selectAll().where('point_id', '=', pointId).orderBy('id').execute();

export const findAreaPoints = (db: Db, scope: Scope, ids: readonly number[]) =>
  rowsByIds(db, scope, 'area_points', ids);

export const insertAreaPoint = (db: Db, scope: Scope, row: Insertable<AreaPointsTable>) =>
  insertRow(db, scope, 'area_points', row);

export const updateAreaPoint = (db: Db, scope: Scope, id: number, set: Updateable<AreaPointsTable>) =>
  updateById(db, scope, 'area_points', id, set);

export const deleteAreaPoints = (db: Db, scope: Scope, ids: readonly number[]) =>
  deleteByIds(db, scope, 'area_points', ids);

/** Devices of one park, placed (with a position) or not. */
export function listParkDevicePoints(db: Db, scope: Scope, groupId: number, placed: boolean) {
  const q = scoped(db, scope, groupId)
    .selectFrom('devices')
    .select(['id', 'serial', 'name', 'device_class', 'online', 'longitude', 'latitude']);
  return (
    placed
      ? q.where('longitude', 'is not', null).where('latitude', 'is not', null)
      : q.where((eb) => eb.or([eb('longitude', 'is', null), eb('latitude', 'is', null)]))
  )
    .orderBy('id')
    .execute();
}

export const findDevice = (db: Db, scope: Scope, deviceId: number) => rowById(db, scope, 'devices', deviceId);

export const setDevicePosition = (
  db: Db,
  scope: Scope,
  deviceId: number,
  longitude: number | null,
  latitude: number | null,
) => updateById(db, scope, 'devices', deviceId, { longitude, latitude });
