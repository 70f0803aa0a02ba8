import type { UserKind } from '@farmpark/contracts';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import type { UsersTable } from '../../db/schema';
import { inList, type Scope } from '../../db/scope';
import { anyContains } from '../../db/search';

/** Kysely only: sub-accounts and data-screen accounts (both are rows of `users`). `db` may be a transaction. */

export interface AccountFilter {
  kind: UserKind;
  keyword?: string;
  roleId?: number;
  enabled?: boolean;
  /** Only users granted this park (or admins, who see every park). */
  groupId?: number;
}

function filtered(db: Db, merchantId: number, f: AccountFilter) {
  let q = db
    .selectFrom('users as u')
    .leftJoin('roles as r', (j) => j.onRef('r.id', '=', 'u.role_id').onRef('r.merchant_id', '=', 'u.merchant_id'))
    .where('u.merchant_id', '=', merchantId)
    .where('u.kind', '=', f.kind)
    .where('u.removed_at', 'is', null);
  if (f.keyword) q = q.where(anyContains(['u.login_name', 'u.user_name', 'u.phone'], f.keyword));
  if (f.roleId !== undefined) q = q.where('u.role_id', '=', f.roleId);
  if (f.enabled !== undefined) q = q.where('u.enabled', '=', f.enabled ? 1 : 0);
  if (f.groupId !== undefined) {
    const groupId = f.groupId;
    q = q.where((eb) =>
      eb.or([
        eb('r.is_admin', '=', 1),
        eb.exists(
          eb
            .selectFrom('user_groups as ug')
            .select('ug.user_id')
            .whereRef('ug.user_id', '=', 'u.id')
            .where('ug.group_id', '=', groupId),
        ),
      ]),
    );
  }
  return q;
}

export async function listAccounts(db: Db, merchantId: number, f: AccountFilter, pageNum: number, pageSize: number) {
  const base = filtered(db, merchantId, f);
  const [rows, count] = await Promise.all([
    base
      .select([
        'u.id',
        'u.login_name',
        'u.user_name',
        'u.phone',
        'u.role_id',
        'u.enabled',
        'u.last_login_at',
        'u.created_at',
        'r.name as role_name',
        'r.is_admin',
      ])
      .orderBy('u.id')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findAccount(db: Db, merchantId: number, userId: number, kind: UserKind) {
  return db
    .selectFrom('users as u')
    .leftJoin('roles as r', (j) => j.onRef('r.id', '=', 'u.role_id').onRef('r.merchant_id', '=', 'u.merchant_id'))
    .select([
      'u.id',
      'u.login_name',
      'u.user_name',
      'u.phone',
      'u.role_id',
      'u.enabled',
      'u.last_login_at',
      'u.created_at',
      'r.name as role_name',
      'r.is_admin',
    ])
    .where('u.id', '=', userId)
    .where('u.merchant_id', '=', merchantId)
    .where('u.kind', '=', kind)
    .where('u.removed_at', 'is', null)
    .executeTakeFirst();
}

/** Parks granted to each user, limited to those the caller may see. */
export async function grantedParks(db: Db, scope: Scope, userIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('user_groups as ug')
    .innerJoin('groups as g', 'g.id', 'ug.group_id')
    .select(['ug.user_id', 'ug.group_id'])
    .where('ug.user_id', 'in', userIds)
    .where('g.merchant_id', '=', scope.merchantId)
    .where('g.id', 'in', inList(scope.groupIds))
    .orderBy('ug.group_id')
    .execute();
  for (const r of rows) out.get(r.user_id)?.push(r.group_id);
  return out;
}

/** Login names are unique across every company; a removed account frees its name (see markRemoved). */
export function findLoginName(db: Db, loginName: string) {
  return db.selectFrom('users').select('id').where('login_name', '=', loginName).executeTakeFirst();
}

export async function insertAccount(
  db: Db,
  row: {
    merchantId: number;
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
  const res = await db
    .insertInto('users')
    .values({
      merchant_id: row.merchantId,
      kind: row.kind,
      login_name: row.loginName,
      user_name: row.userName,
      phone: row.phone,
      role_id: row.roleId,
      password_hash: row.hash,
      password_salt: row.salt,
      enabled: 1,
      created_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return res.id;
}

export function updateAccount(db: Db, merchantId: number, userId: number, set: Updateable<UsersTable>) {
  return db.updateTable('users').set(set).where('id', '=', userId).where('merchant_id', '=', merchantId).execute();
}

/**
 * Replaces the user's grants among the caller's visible parks; grants to parks the caller cannot
 * see are left as they are (the caller could neither see nor mean them).
 */
export async function replaceParks(db: Db, scope: Scope, userId: number, groupIds: number[]) {
  await db
    .deleteFrom('user_groups')
    .where('user_id', '=', userId)
    .where('group_id', 'in', inList(scope.groupIds))
    .execute();
  if (groupIds.length > 0) {
    await db
      .insertInto('user_groups')
      .values(groupIds.map((g) => ({ user_id: userId, group_id: g })))
      .execute();
  }
}

/** The caller's visible parks among `ids`, i.e. those it may grant. */
export async function visibleParkIds(db: Db, scope: Scope, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('groups')
    .select('id')
    .where('merchant_id', '=', scope.merchantId)
    .where('id', 'in', inList(scope.groupIds))
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

/** Enabled administrators of the company other than `exceptIds`: the last one may not be locked out. */
export async function countOtherEnabledAdmins(db: Db, merchantId: number, exceptIds: number[]): Promise<number> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('u.merchant_id', '=', merchantId)
    .where('r.merchant_id', '=', merchantId)
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
 * same name can be given to a new account.
 */
export async function markRemoved(db: Db, merchantId: number, userId: number, loginName: string, now: number) {
  await db
    .updateTable('users')
    .set({ removed_at: now, enabled: 0, login_name: `~${userId}~${loginName}`.slice(0, 64) })
    .where('id', '=', userId)
    .where('merchant_id', '=', merchantId)
    .execute();
  await db.deleteFrom('user_groups').where('user_id', '=', userId).execute();
}

export function findRole(db: Db, merchantId: number, roleId: number) {
  return db
    .selectFrom('roles')
    .select(['id', 'name', 'is_admin'])
    .where('id', '=', roleId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}
