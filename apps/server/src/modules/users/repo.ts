import type { UserKind } from '@farmpark/contracts';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import { insertRow, pageOfQuery, rowsByIds, updateById } from '../../db/rows';
import type { UsersTable } from '../../db/schema';
import { inList, type Scope, scoped } from '../../db/scope';
import { anyContains, matching } from '../../db/search';

/** Users of the caller's merchant: sub-accounts and data-screen accounts (both rows of `users`). `db` may be a transaction. */

export interface AccountFilter {
  kind: UserKind;
  keyword?: string;
  roleId?: number;
  enabled?: boolean;
  /** Only users granted this park (or admins, who see every park). */
  groupId?: number;
}

/** Users of the merchant with their role; `groupId` narrows the parks a query may name to that one. */
function users(db: Db, scope: Scope, groupId?: number) {
  return scoped(db, scope, groupId)
    .selectFrom('users as u')
    .leftJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.login_name', 'u.user_name', 'u.phone', 'u.role_id', 'u.last_login_at', 'u.created_at'])
    .select('r.name as role_name');
}

/** Live accounts of a kind. */
const accounts = (db: Db, scope: Scope, kind: UserKind, groupId?: number) =>
  users(db, scope, groupId)
    .select(['u.enabled', 'r.is_admin'])
    .where('u.kind', '=', kind)
    .where('u.removed_at', 'is', null);

/** The caller's own account with its company. */
export const findUserInfo = (db: Db, scope: Scope, userId: number) =>
  users(db, scope)
    .innerJoin('merchants as m', 'm.id', 'u.merchant_id')
    .select(['m.id as merchant_id', 'm.name as merchant_name', 'm.abbreviation', 'm.logo_url'])
    .where('u.id', '=', userId)
    .executeTakeFirst();

export const listMerchantUsers = (db: Db, scope: Scope) =>
  scoped(db, scope)
    .selectFrom('users')
    .select(['id', 'login_name', 'user_name', 'enabled'])
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();

export function listAccounts(db: Db, scope: Scope, f: AccountFilter, page: { pageNum: number; pageSize: number }) {
  let q = accounts(db, scope, f.kind, f.groupId);
  if (f.keyword) q = q.where(anyContains(['u.login_name', 'u.user_name', 'u.phone'], f.keyword));
  q = q.where(matching({ 'u.role_id': f.roleId, 'u.enabled': f.enabled }));
  if (f.groupId !== undefined) {
    // the park's grants: the handle is narrowed to that park, so the join keeps no other
    q = q.where((eb) =>
      eb.or([
        eb('r.is_admin', '=', 1),
        eb.exists(
          eb
            .selectFrom('user_groups as ug')
            .innerJoin('groups as g', 'g.id', 'ug.group_id')
            .select('ug.user_id')
            .whereRef('ug.user_id', '=', 'u.id'),
        ),
      ]),
    );
  }
  return pageOfQuery(q.orderBy('u.id'), page);
}

export const findAccount = (db: Db, scope: Scope, userId: number, kind: UserKind) =>
  accounts(db, scope, kind).where('u.id', '=', userId).executeTakeFirst();

/** Login names are unique across every company; a removed account frees its name (see markRemoved). */
export function findLoginName(db: Db, loginName: string) {
  return db.selectFrom('users').select('id').where('login_name', '=', loginName).executeTakeFirst();
}

export function insertAccount(
  db: Db,
  scope: Scope,
  row: {
    kind: UserKind;
    loginName: string;
    userName: string;
    phone: string;
    roleId: number | null;
    hash: string;
    salt: string;
    now: number;
  },
): Promise<number> {
  return insertRow(db, scope, 'users', {
    merchant_id: scope.merchantId,
    kind: row.kind,
    login_name: row.loginName,
    user_name: row.userName,
    phone: row.phone,
    role_id: row.roleId,
    password_hash: row.hash,
    password_salt: row.salt,
    enabled: 1,
    created_at: row.now,
  });
}

export const updateAccount = (db: Db, scope: Scope, userId: number, set: Updateable<UsersTable>) =>
  updateById(db, scope, 'users', userId, set);

/** The caller's visible parks among `ids`, i.e. those it may grant. */
export async function visibleParkIds(db: Db, scope: Scope, ids: number[]): Promise<number[]> {
  return (await rowsByIds(db, scope, 'groups', ids)).map((g) => g.id);
}

/** Enabled administrators of the company other than `exceptIds`: the last one may not be locked out. */
export async function countOtherEnabledAdmins(db: Db, scope: Scope, exceptIds: number[]): Promise<number> {
  const row = await scoped(db, scope)
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.is_admin', '=', 1)
    .where('u.kind', '=', 'staff')
    .where('u.enabled', '=', 1)
    .where('u.removed_at', 'is', null)
    .where('u.id', 'not in', inList(exceptIds))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Removal keeps the row (the log and command history name it) but frees the login name, so the
 * same name can be given to a new account. Its grants go, in every park.
 */
export async function markRemoved(db: Db, scope: Scope, userId: number, loginName: string, now: number) {
  await updateAccount(db, scope, userId, {
    removed_at: now,
    enabled: 0,
    login_name: `~${userId}~${loginName}`.slice(0, 64),
  });
  await db.deleteFrom('user_groups').where('user_id', '=', userId).execute();
}
