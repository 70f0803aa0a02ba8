import { type AddNoticeBody, type AlterNoticeBody, dayIn, type Notice } from '@farmpark/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { NoticesTable } from '../../db/rulesAlarmsSchema';
import { notFound } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import { listOf } from '../../http/lists';
import { scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import { audited, entryOf } from '../systemLog/service';
import * as repo from './noticesRepo';

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

export async function enabledNotices(db: Db, auth: AuthContext, tz: string, now = Date.now()): Promise<Notice[]> {
  const today = dayIn(tz, now);
  return (await repo.noticesShownOn(db, scopeOf(auth), today)).map(toNotice);
}

export const listNotices = listOf(repo.listNotices, (rows) => rows.map(toNotice));

const entry = entryOf('notice');

const fields = (b: AddNoticeBody) => ({
  title: b.title,
  body: b.body,
  start_date: b.startDate,
  end_date: b.endDate,
  enabled: b.enabled ? 1 : 0,
});

export function addNotice(db: Db, auth: AuthContext, body: AddNoticeBody, meta: ClientMeta) {
  const add = async () => {
    const t = Date.now();
    const id = await repo.insertNotice(db, scopeOf(auth), {
      ...fields(body),
      merchant_id: auth.merchantId,
      created_at: t,
      updated_at: t,
    });
    return { id };
  };
  return audited(db, auth, meta, entry('notice.add', { detail: body.title }), add, (r) => ({ targetId: r.id }));
}

export function alterNotice(db: Db, auth: AuthContext, body: AlterNoticeBody, meta: ClientMeta) {
  return audited(db, auth, meta, entry('notice.alter', { targetId: body.id, detail: body.title }), async () => {
    const set = { ...fields(body), updated_at: Date.now() };
    if (!(await repo.updateNotice(db, scopeOf(auth), body.id, set))) throw notFound(`id ${body.id}: notice`);
    return { id: body.id };
  });
}

export function removeNotices(db: Db, auth: AuthContext, ids: number[], meta: ClientMeta) {
  return audited(db, auth, meta, entry('notice.remove', { targetId: ids.join(',') }), async () => {
    const found = await repo.existingNoticeIds(db, scopeOf(auth), ids);
    const missing = ids.filter((id) => !found.includes(id));
    if (missing.length > 0) throw notFound(`id ${missing.join(', ')}: notice`);
    await repo.deleteNotices(db, scopeOf(auth), ids);
    return null;
  });
}
