import type { Db } from '../../db/connect';

/** What the broker hooks need to know of a browser's user: enabled, not removed, merchant enabled, admin. */
export function browserUser(db: Db, userId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('merchants as m', 'm.id', 'u.merchant_id')
    .leftJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.merchant_id', 'u.enabled', 'u.removed_at', 'm.enabled as merchant_enabled', 'r.is_admin'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}
