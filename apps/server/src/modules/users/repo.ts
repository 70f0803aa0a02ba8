import type { Db } from '../../db/connect';

export function findUserInfo(db: Db, userId: number, merchantId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('merchants as m', 'm.id', 'u.merchant_id')
    .leftJoin('roles as r', (j) => j.onRef('r.id', '=', 'u.role_id').onRef('r.merchant_id', '=', 'u.merchant_id'))
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
    .where('u.merchant_id', '=', merchantId)
    .executeTakeFirst();
}

export function listMerchantUsers(db: Db, merchantId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'login_name', 'user_name', 'enabled'])
    .where('merchant_id', '=', merchantId)
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
}
