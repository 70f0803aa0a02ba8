import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import { deleteByIds, insertRow, pageOfQuery, rowsByIds, updateById } from '../../db/rows';
import type { NoticesTable } from '../../db/rulesAlarmsSchema';
import { type Scope, scoped } from '../../db/scope';

/** Notices belong to the whole merchant: the scope limits them to the caller's merchant. */
const notices = (db: Db, scope: Scope) => scoped(db, scope).selectFrom('notices').selectAll();

/** Notices shown on `today` (YYYY-MM-DD): enabled and within their dates, newest first. */
export function noticesShownOn(db: Db, scope: Scope, today: string) {
  return notices(db, scope)
    .where('enabled', '=', 1)
    .where('start_date', '<=', today)
    .where('end_date', '>=', today)
    .orderBy('start_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function listNotices(db: Db, scope: Scope, q: { keyword?: string; pageNum: number; pageSize: number }) {
  let list = notices(db, scope);
  if (q.keyword) list = list.where('title', 'like', `%${q.keyword}%`);
  return pageOfQuery(list.orderBy('id', 'desc'), q);
}

export const insertNotice = (db: Db, scope: Scope, row: Insertable<NoticesTable>) =>
  insertRow(db, scope, 'notices', row);

/** False when the merchant has no such notice. */
export const updateNotice = (db: Db, scope: Scope, id: number, set: Updateable<NoticesTable>) =>
  updateById(db, scope, 'notices', id, set);

export async function existingNoticeIds(db: Db, scope: Scope, ids: number[]): Promise<number[]> {
  return (await rowsByIds(db, scope, 'notices', ids)).map((r) => r.id);
}

export async function deleteNotices(db: Db, scope: Scope, ids: number[]) {
  await deleteByIds(db, scope, 'notices', ids);
}
