import type { AddNoticeBody, AlterNoticeBody, Notice, Paged } from '@farmpark/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { NoticesTable } from '../../db/rulesAlarmsSchema';
import { notFound } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import type { AuthContext } from '../auth/sessions';
import { audited } from '../systemLog/service';

/** Merchant notices: shown on the home page banner while enabled and today is within their dates. */
const toNotice = (r: Selectable<NoticesTable>): Notice => ({
  id: r.id,
  title: r.title,
  body: r.body,
  startDate: r.start_date,
  endDate: r.end_date,
  enabled: r.enabled === 1,
  updatedAt: r.updated_at,
});

/** Today as YYYY-MM-DD in the server's zone (TZ_NAME). */
export const localDate = (ts: number, tz: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(ts),
  );

export async function enabledNotices(db: Db, auth: AuthContext, tz: string, now = Date.now()): Promise<Notice[]> {
  const today = localDate(now, tz);
  const rows = await db
    .selectFrom('notices')
    .selectAll()
    .where('merchant_id', '=', auth.merchantId)
    .where('enabled', '=', 1)
    .where('start_date', '<=', today)
    .where('end_date', '>=', today)
    .orderBy('start_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toNotice);
}

export async function listNotices(
  db: Db,
  auth: AuthContext,
  q: { keyword?: string; pageNum: number; pageSize: number },
): Promise<Paged<Notice>> {
  let base = db.selectFrom('notices').where('merchant_id', '=', auth.merchantId);
  if (q.keyword) base = base.where('title', 'like', `%${q.keyword}%`);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .offset((q.pageNum - 1) * q.pageSize)
      .limit(q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toNotice), total: Number(count.n), pageNum: q.pageNum, pageSize: q.pageSize };
}

const fields = (b: AddNoticeBody) => ({
  title: b.title,
  body: b.body,
  start_date: b.startDate,
  end_date: b.endDate,
  enabled: b.enabled ? 1 : 0,
});

export function addNotice(db: Db, auth: AuthContext, body: AddNoticeBody, meta: ClientMeta) {
  return audited(
    db,
    auth,
    meta,
    { action: 'notice.add', targetType: 'notice', detail: body.title },
    async () => {
      const t = Date.now();
      const r = await db
        .insertInto('notices')
        .values({ ...fields(body), merchant_id: auth.merchantId, created_at: t, updated_at: t })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: r.id };
    },
    (r) => ({ targetId: r.id }),
  );
}

export function alterNotice(db: Db, auth: AuthContext, body: AlterNoticeBody, meta: ClientMeta) {
  return audited(
    db,
    auth,
    meta,
    { action: 'notice.alter', targetType: 'notice', targetId: body.id, detail: body.title },
    async () => {
      const r = await db
        .updateTable('notices')
        .set({ ...fields(body), updated_at: Date.now() })
        .where('id', '=', body.id)
        .where('merchant_id', '=', auth.merchantId)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw notFound(`id ${body.id}: notice`);
      return { id: body.id };
    },
  );
}

export function removeNotices(db: Db, auth: AuthContext, ids: number[], meta: ClientMeta) {
  return audited(
    db,
    auth,
    meta,
    { action: 'notice.remove', targetType: 'notice', targetId: ids.join(',') },
    async () => {
      const found = await db
        .selectFrom('notices')
        .select('id')
        .where('id', 'in', ids)
        .where('merchant_id', '=', auth.merchantId)
        .execute();
      const missing = ids.filter((id) => !found.some((f) => f.id === id));
      if (missing.length > 0) throw notFound(`id ${missing.join(', ')}: notice`);
      await db.deleteFrom('notices').where('id', 'in', ids).where('merchant_id', '=', auth.merchantId).execute();
      return null;
    },
  );
}
