import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import { deleteByIds, insertRow, rowById, updateById } from '../../db/rows';
import type { GroupsTable } from '../../db/schema';
import { merchantWide, type Scope, scoped } from '../../db/scope';

export const listParks = (db: Db, scope: Scope) =>
  scoped(db, scope).selectFrom('groups').selectAll().orderBy('id').execute();

export const listParkDevices = (db: Db, scope: Scope) =>
  scoped(db, scope)
    .selectFrom('devices')
    .select(['id', 'group_id', 'serial', 'name', 'device_class'])
    .orderBy('id')
    .execute();

export const findPark = (db: Db, scope: Scope, groupId: number) => rowById(db, scope, 'groups', groupId);

/** Names are unique per merchant, not per visible parks: the database enforces the same. */
export const findParkIdByName = (db: Db, merchantId: number, name: string) =>
  merchantWide(db, merchantId).selectFrom('groups').select('id').where('name', '=', name).executeTakeFirst();

export const insertPark = (db: Db, scope: Scope, park: Insertable<GroupsTable>) => insertRow(db, scope, 'groups', park);

/** The park's creator sees it (it was checked in scope just now). */
export async function grantPark(db: Db, userId: number, groupId: number) {
  await db.insertInto('user_groups').values({ user_id: userId, group_id: groupId }).execute();
}

export const updatePark = (db: Db, scope: Scope, groupId: number, set: Updateable<GroupsTable>) =>
  updateById(db, scope, 'groups', groupId, set);

export const deletePark = async (db: Db, scope: Scope, groupId: number) =>
  (await deleteByIds(db, scope, 'groups', [groupId])) > 0;

export async function countParkDevices(db: Db, scope: Scope, groupId: number): Promise<number> {
  const row = await scoped(db, scope, groupId)
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function parkDeviceClasses(db: Db, scope: Scope, groupId: number): Promise<string[]> {
  const rows = await scoped(db, scope, groupId).selectFrom('devices').select('device_class').distinct().execute();
  return rows.map((r) => r.device_class);
}

export const findMerchantScreen = (db: Db, scope: Scope, screenId: number) => rowById(db, scope, 'screens', screenId);

/** The zone a park counts its days in, or `fallback` (TZ_NAME) when it has none. The id comes from a row already read in scope. */
export async function zoneOfPark(db: Db, groupId: number, fallback: string): Promise<string> {
  const row = await db.selectFrom('groups').select('time_zone').where('id', '=', groupId).executeTakeFirst();
  return row?.time_zone ?? fallback;
}
