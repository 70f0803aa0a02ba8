import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import type { AreaPointsTable, GroupPointsTable } from '../../db/pointsSchema';
import { inList, type Scope } from '../../db/scope';

export function findGroupPointByGroup(db: Db, scope: Scope, groupId: number) {
  return db
    .selectFrom('group_points')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .executeTakeFirst();
}

export function findGroupPoint(db: Db, scope: Scope, pointId: number) {
  return db
    .selectFrom('group_points')
    .selectAll()
    .where('id', '=', pointId)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .executeTakeFirst();
}

export async function insertGroupPoint(db: Db, row: Insertable<GroupPointsTable>): Promise<number> {
  const r = await db.insertInto('group_points').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export function updateGroupPoint(db: Db, scope: Scope, pointId: number, set: Updateable<GroupPointsTable>) {
  return db
    .updateTable('group_points')
    .set(set)
    .where('id', '=', pointId)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .execute();
}

/** The park keeps its own location columns (park list, weather); they follow the group point. */
export function setParkLocation(db: Db, scope: Scope, groupId: number, longitude: number, latitude: number) {
  return db
    .updateTable('groups')
    .set({ longitude, latitude })
    .where('id', '=', groupId)
    .where('merchant_id', '=', scope.merchantId)
    .where('id', 'in', inList(scope.groupIds))
    .execute();
}

export async function deleteGroupPoint(db: Db, scope: Scope, pointId: number): Promise<void> {
  // Explicit, not only by cascade: SQLite connections without foreign_keys would leave orphans.
  await db
    .deleteFrom('area_points')
    .where('point_id', '=', pointId)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .execute();
  await db
    .deleteFrom('group_points')
    .where('id', '=', pointId)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .execute();
}

export function listAreaPoints(db: Db, scope: Scope, pointId: number) {
  return db
    .selectFrom('area_points')
    .selectAll()
    .where('point_id', '=', pointId)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .orderBy('id')
    .execute();
}

export function findAreaPoints(db: Db, scope: Scope, ids: readonly number[]) {
  return db
    .selectFrom('area_points')
    .selectAll()
    .where('id', 'in', inList(ids))
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .execute();
}

export async function insertAreaPoint(db: Db, row: Insertable<AreaPointsTable>): Promise<number> {
  const r = await db.insertInto('area_points').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export function updateAreaPoint(db: Db, scope: Scope, id: number, set: Updateable<AreaPointsTable>) {
  return db
    .updateTable('area_points')
    .set(set)
    .where('id', '=', id)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .execute();
}

export async function deleteAreaPoints(db: Db, scope: Scope, ids: readonly number[]): Promise<number> {
  const res = await db
    .deleteFrom('area_points')
    .where('id', 'in', inList(ids))
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Devices of one park, placed (with a position) or not. */
export function listParkDevicePoints(db: Db, scope: Scope, groupId: number, placed: boolean) {
  let q = db
    .selectFrom('devices')
    .select(['id', 'serial', 'name', 'device_class', 'online', 'longitude', 'latitude'])
    .where('group_id', '=', groupId)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds));
  q = placed
    ? q.where('longitude', 'is not', null).where('latitude', 'is not', null)
    : q.where((eb) => eb.or([eb('longitude', 'is', null), eb('latitude', 'is', null)]));
  return q.orderBy('id').execute();
}

export function findDevice(db: Db, scope: Scope, deviceId: number) {
  return db
    .selectFrom('devices')
    .select(['id', 'group_id', 'serial', 'name'])
    .where('id', '=', deviceId)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .executeTakeFirst();
}

export function setDevicePosition(
  db: Db,
  scope: Scope,
  deviceId: number,
  longitude: number | null,
  latitude: number | null,
) {
  return db
    .updateTable('devices')
    .set({ longitude, latitude })
    .where('id', '=', deviceId)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .execute();
}
