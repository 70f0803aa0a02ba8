import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import { pageOf } from '../../db/paging';
import type { NoticesTable } from '../../db/rulesAlarmsSchema';

/** Notices of a merchant shown on `today` (YYYY-MM-DD): enabled and within their dates, newest first. */
export function noticesShownOn(db: Db, merchantId: number, today: string) {
  return db
    .selectFrom('notices')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('enabled', '=', 1)
    .where('start_date', '<=', today)
    .where('end_date', '>=', today)
    .orderBy('start_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function listNotices(
  db: Db,
  merchantId: number,
  q: { keyword?: string; pageNum: number; pageSize: number },
) {
  let base = db.selectFrom('notices').where('merchant_id', '=', merchantId);
  if (q.keyword) base = base.where('title', 'like', `%${q.keyword}%`);
  return pageOf(
    base.selectAll().orderBy('id', 'desc'),
    base.select((eb) => eb.fn.countAll<number>().as('n')),
    q,
  );
}

export async function insertNotice(db: Db, row: Insertable<NoticesTable>): Promise<number> {
  const r = await db.insertInto('notices').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** False when the merchant has no such notice. */
export async function updateNotice(db: Db, merchantId: number, id: number, set: Updateable<NoticesTable>) {
  const r = await db
    .updateTable('notices')
    .set(set)
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function existingNoticeIds(db: Db, merchantId: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('notices')
    .select('id')
    .where('id', 'in', ids)
    .where('merchant_id', '=', merchantId)
    .execute();
  return rows.map((r) => r.id);
}

export async function deleteNotices(db: Db, merchantId: number, ids: number[]) {
  await db.deleteFrom('notices').where('id', 'in', ids).where('merchant_id', '=', merchantId).execute();
}
