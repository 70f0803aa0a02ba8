import type { Db } from '../../db/connect';
import { type Scope, scoped } from '../../db/scope';

/** The caller's own account with its company and role. */
export function findUserInfo(db: Db, scope: Scope, userId: number) {
  return scoped(db, scope)
    .selectFrom('users as u')
    .innerJoin('merchants as m', 'm.id', 'u.merchant_id')
    .leftJoin('roles as r', 'r.id', 'u.role_id')
    .select([
      'u.id',
      'u.login_name',
      'u.user_name',
      'u.phone',
      'u.role_id',
      'u.last_login_at',
      'u.created_at',
      'm.id as merchant_id',
      'm.name as merchant_name',
      'm.abbreviation',
      'm.logo_url',
      'r.name as role_name',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export function listMerchantUsers(db: Db, scope: Scope) {
  return scoped(db, scope)
    .selectFrom('users')
    .select(['id', 'login_name', 'user_name', 'enabled'])
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
}
