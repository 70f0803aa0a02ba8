import {
  type AddAlarmContactBody,
  type AlarmContact,
  type AlterAlarmContactBody,
  maskSecret,
  type Paged,
  SIGNED_WEBHOOK_TYPES,
  type WebhookType,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { notFound } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import { requirePark, requireParkIfGiven, scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import { audited, entryOf } from '../systemLog/service';
import * as repo from './contactsRepo';

/**
 * Alarm contacts belong to the merchant and serve one or more parks. A caller sees a contact that
 * serves at least one of their parks, and only those parks of it; parks they cannot see are kept as they were.
 */
export async function listContacts(
  db: Db,
  auth: AuthContext,
  q: { keyword?: string; groupId?: number; pageNum: number; pageSize: number },
): Promise<Paged<AlarmContact>> {
  requireParkIfGiven(auth, q.groupId);
  const { rows, total } = await repo.listContacts(db, scopeOf(auth), q);
  const parks = await repo.parksOfContacts(
    db,
    scopeOf(auth),
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      name: r.name,
      phone: r.phone,
      email: r.email,
      webhookUrl: r.webhook_url,
      webhookType: r.webhook_type as WebhookType,
      webhookSecretHint: maskSecret(r.webhook_secret),
      groupIds: parks(r.id),
      lang: r.lang === 'en' ? 'en' : 'zh',
      enabled: r.enabled === 1,
    })),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

function checkParks(auth: AuthContext, groupIds: number[]) {
  for (const g of groupIds) requirePark(auth, g);
}

const entry = entryOf('alarmContact');

/**
 * The stored columns of a body. The signing secret is written only when given, and removed when asked or
 * when the bot is not one that signs; otherwise (an edit that leaves the field blank) it stays as it was.
 */
const fields = (b: AddAlarmContactBody) => {
  const signs = SIGNED_WEBHOOK_TYPES.includes(b.webhookType) && !b.webhookSecretClear;
  const secret = !signs ? { webhook_secret: '' } : b.webhookSecret ? { webhook_secret: b.webhookSecret } : {};
  return {
    name: b.name,
    phone: b.phone,
    email: b.email,
    webhook_url: b.webhookUrl,
    webhook_type: b.webhookType,
    ...secret,
    lang: b.lang,
    enabled: b.enabled ? 1 : 0,
  };
};

export function addContact(db: Db, auth: AuthContext, body: AddAlarmContactBody, meta: ClientMeta) {
  const add = async () => {
    checkParks(auth, body.groupIds);
    const groupIds = [...new Set(body.groupIds)];
    const id = await db
      .transaction()
      .execute((trx) => repo.insertContact(trx, scopeOf(auth), fields(body), groupIds, Date.now()));
    return { id };
  };
  return audited(db, auth, meta, entry('alarmContact.add', { detail: body.name }), add, (r) => ({ targetId: r.id }));
}

async function visible(db: Db, auth: AuthContext, id: number) {
  if (!(await repo.isVisibleContact(db, scopeOf(auth), id))) throw notFound(`id ${id}: contact`);
}

export function alterContact(db: Db, auth: AuthContext, body: AlterAlarmContactBody, meta: ClientMeta) {
  return audited(db, auth, meta, entry('alarmContact.alter', { targetId: body.id, detail: body.name }), async () => {
    await visible(db, auth, body.id);
    checkParks(auth, body.groupIds);
    const groupIds = [...new Set(body.groupIds)];
    await db.transaction().execute((trx) => repo.updateContact(trx, scopeOf(auth), body.id, fields(body), groupIds));
    return { id: body.id };
  });
}

export function removeContacts(db: Db, auth: AuthContext, ids: number[], meta: ClientMeta) {
  return audited(db, auth, meta, entry('alarmContact.remove', { targetId: ids.join(',') }), async () => {
    for (const id of ids) await visible(db, auth, id);
    await repo.deleteContacts(db, scopeOf(auth), ids);
    return null;
  });
}

/** For the rule editor: contacts serving a park, with the ways each can be reached. */
export async function contactOptions(db: Db, auth: AuthContext, groupId: number) {
  requirePark(auth, groupId);
  const rows = await repo.contactsOfPark(db, scopeOf(auth), groupId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    enabled: r.enabled === 1,
    channels: [r.email ? 'email' : null, r.webhook_url ? 'webhook' : null, r.phone ? 'sms' : null].filter(Boolean),
  }));
}
