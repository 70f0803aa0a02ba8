import type { Db } from '../../db/connect';
import { anyContains } from '../../db/search';

/** Kysely only: roles and their granted permitUrls. `db` may be a transaction. */

const userCount = (db: Db) =>
  db
    .selectFrom('users as u')
    .select(['u.role_id', db.fn.countAll<number>().as('n')])
    .where('u.removed_at', 'is', null)
    .where('u.kind', '=', 'staff')
    .groupBy('u.role_id')
    .as('c');

export async function listRoles(
  db: Db,
  merchantId: number,
  keyword: string | undefined,
  pageNum: number,
  pageSize: number,
) {
  let base = db.selectFrom('roles as r').where('r.merchant_id', '=', merchantId);
  if (keyword) base = base.where(anyContains(['r.name', 'r.role_key'], keyword));
  const [rows, count] = await Promise.all([
    base
      .leftJoin(userCount(db), 'c.role_id', 'r.id')
      .select(['r.id', 'r.role_key', 'r.name', 'r.is_admin', 'c.n'])
      // The administrator role first, then in the order they were made.
      .orderBy('r.is_admin', 'desc')
      .orderBy('r.id')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findRole(db: Db, merchantId: number, roleId: number) {
  return db
    .selectFrom('roles as r')
    .leftJoin(userCount(db), 'c.role_id', 'r.id')
    .select(['r.id', 'r.role_key', 'r.name', 'r.is_admin', 'c.n'])
    .where('r.id', '=', roleId)
    .where('r.merchant_id', '=', merchantId)
    .executeTakeFirst();
}

export function findRoleByName(db: Db, merchantId: number, name: string) {
  return db
    .selectFrom('roles')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function permitUrls(db: Db, roleId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('role_permissions')
    .select('permit_url')
    .where('role_id', '=', roleId)
    .orderBy('permit_url')
    .execute();
  return rows.map((r) => r.permit_url);
}

export async function insertRole(db: Db, merchantId: number, roleKey: string, name: string): Promise<number> {
  const row = await db
    .insertInto('roles')
    .values({ merchant_id: merchantId, role_key: roleKey, name, is_admin: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function renameRole(db: Db, merchantId: number, roleId: number, name: string) {
  return db.updateTable('roles').set({ name }).where('id', '=', roleId).where('merchant_id', '=', merchantId).execute();
}

export async function replacePermitUrls(db: Db, roleId: number, urls: string[]) {
  await db.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
  if (urls.length) {
    await db
      .insertInto('role_permissions')
      .values(urls.map((u) => ({ role_id: roleId, permit_url: u })))
      .execute();
  }
}

/** Users of the role, removed ones included: their rows keep a reference until the role goes. */
export function userIdsOfRole(db: Db, merchantId: number, roleId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'removed_at'])
    .where('merchant_id', '=', merchantId)
    .where('role_id', '=', roleId)
    .execute();
}

export function deleteRole(db: Db, merchantId: number, roleId: number) {
  return db.deleteFrom('roles').where('id', '=', roleId).where('merchant_id', '=', merchantId).execute();
}
