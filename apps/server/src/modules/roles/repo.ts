import type { Db } from '../../db/connect';
import { deleteByIds, insertRow, pageOfQuery, updateById } from '../../db/rows';
import { type Scope, scoped } from '../../db/scope';
import { anyContains } from '../../db/search';

/** Roles of the caller's merchant and their granted permitUrls. `db` may be a transaction. */

/** Roles with how many live staff hold each. */
function roles(db: Db, scope: Scope) {
  const holders = db
    .selectFrom('users as u')
    .select(['u.role_id', db.fn.countAll<number>().as('n')])
    .where('u.removed_at', 'is', null)
    .where('u.kind', '=', 'staff')
    .groupBy('u.role_id')
    .as('c');
  return scoped(db, scope)
    .selectFrom('roles as r')
    .leftJoin(holders, 'c.role_id', 'r.id')
    .select(['r.id', 'r.role_key', 'r.name', 'r.is_admin', 'c.n']);
}

export function listRoles(db: Db, scope: Scope, q: { keyword?: string; pageNum: number; pageSize: number }) {
  let list = roles(db, scope);
  if (q.keyword) list = list.where(anyContains(['r.name', 'r.role_key'], q.keyword));
  // The administrator role first, then in the order they were made.
  return pageOfQuery(list.orderBy('r.is_admin', 'desc').orderBy('r.id'), q);
}

export const findRole = (db: Db, scope: Scope, roleId: number) =>
  roles(db, scope).where('r.id', '=', roleId).executeTakeFirst();

export const findRoleByName = (db: Db, scope: Scope, name: string) =>
  scoped(db, scope).selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst();

export async function permitUrls(db: Db, roleId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('role_permissions')
    .select('permit_url')
    .where('role_id', '=', roleId)
    .orderBy('permit_url')
    .execute();
  return rows.map((r) => r.permit_url);
}

export const insertRole = (db: Db, scope: Scope, roleKey: string, name: string) =>
  insertRow(db, scope, 'roles', { merchant_id: scope.merchantId, role_key: roleKey, name, is_admin: 0 });

export const renameRole = (db: Db, scope: Scope, roleId: number, name: string) =>
  updateById(db, scope, 'roles', roleId, { name });

/** The role's permitUrls become `urls` (the role was read in scope). */
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
export const userIdsOfRole = (db: Db, scope: Scope, roleId: number) =>
  scoped(db, scope).selectFrom('users').select(['id', 'removed_at']).where('role_id', '=', roleId).execute();

export const deleteRoles = (db: Db, scope: Scope, ids: readonly number[]) => deleteByIds(db, scope, 'roles', ids);
