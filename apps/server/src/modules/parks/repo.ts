import type { Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import type { GroupsTable, NewGroup } from '../../db/schema';
import { inList, type Scope } from '../../db/scope';

export function listParks(db: Db, scope: Scope) {
  return db
    .selectFrom('groups')
    .selectAll()
    .where('merchant_id', '=', scope.merchantId)
    .where('id', 'in', inList(scope.groupIds))
    .orderBy('id')
    .execute();
}

export function listParkDevices(db: Db, scope: Scope) {
  return db
    .selectFrom('devices')
    .select(['id', 'group_id', 'serial', 'name', 'device_class'])
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .orderBy('id')
    .execute();
}

export function findPark(db: Db, scope: Scope, groupId: number) {
  return db
    .selectFrom('groups')
    .selectAll()
    .where('id', '=', groupId)
    .where('merchant_id', '=', scope.merchantId)
    .where('id', 'in', inList(scope.groupIds))
    .executeTakeFirst();
}

/** Names are unique per merchant, not per visible parks: the database enforces the same. */
export function findParkIdByName(db: Db, merchantId: number, name: string) {
  return db
    .selectFrom('groups')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function insertPark(db: Db, park: NewGroup): Promise<number> {
  const row = await db.insertInto('groups').values(park).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function grantPark(db: Db, userId: number, groupId: number) {
  return db.insertInto('user_groups').values({ user_id: userId, group_id: groupId }).execute();
}

export async function updatePark(
  db: Db,
  scope: Scope,
  groupId: number,
  set: Updateable<GroupsTable>,
): Promise<boolean> {
  const res = await db
    .updateTable('groups')
    .set(set)
    .where('id', '=', groupId)
    .where('merchant_id', '=', scope.merchantId)
    .where('id', 'in', inList(scope.groupIds))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deletePark(db: Db, scope: Scope, groupId: number): Promise<boolean> {
  const res = await db
    .deleteFrom('groups')
    .where('id', '=', groupId)
    .where('merchant_id', '=', scope.merchantId)
    .where('id', 'in', inList(scope.groupIds))
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function countParkDevices(db: Db, scope: Scope, groupId: number): Promise<number> {
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', '=', groupId)
    .where('group_id', 'in', inList(scope.groupIds))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function parkDeviceClasses(db: Db, scope: Scope, groupId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('devices')
    .select('device_class')
    .distinct()
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', '=', groupId)
    .where('group_id', 'in', inList(scope.groupIds))
    .execute();
  return rows.map((r) => r.device_class);
}

export function findMerchantScreen(db: Db, merchantId: number, screenId: number) {
  return db
    .selectFrom('screens')
    .select('id')
    .where('id', '=', screenId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/** The zone a park counts its days in, or `fallback` (TZ_NAME) when it has none. The id comes from a row already read in scope. */
export async function zoneOfPark(db: Db, groupId: number, fallback: string): Promise<string> {
  const row = await db.selectFrom('groups').select('time_zone').where('id', '=', groupId).executeTakeFirst();
  return row?.time_zone ?? fallback;
}
