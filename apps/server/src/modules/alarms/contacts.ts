import type { AddAlarmContactBody, AlarmContact, AlterAlarmContactBody, Paged, WebhookType } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { inList } from '../../db/scope';
import { notFound } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import type { AuthContext } from '../auth/sessions';
import { audited } from '../systemLog/service';

/**
 * Alarm contacts belong to the merchant and serve one or more parks. A caller sees a contact that
 * serves at least one of their parks, and only those parks of it; parks they cannot see are kept as they were.
 */
function visibleIds(db: Db, auth: AuthContext) {
  return db
    .selectFrom('alarm_contact_groups')
    .innerJoin('alarm_contacts', 'alarm_contacts.id', 'alarm_contact_groups.contact_id')
    .select('alarm_contacts.id')
    .where('alarm_contacts.merchant_id', '=', auth.merchantId)
    .where('alarm_contact_groups.group_id', 'in', inList(auth.groupIds));
}

async function parksOf(db: Db, auth: AuthContext, ids: number[]) {
  const rows = await db
    .selectFrom('alarm_contact_groups')
    .select(['contact_id', 'group_id'])
    .where('contact_id', 'in', inList(ids))
    .where('group_id', 'in', inList(auth.groupIds))
    .orderBy('group_id')
    .execute();
  return (id: number) => rows.filter((r) => r.contact_id === id).map((r) => r.group_id);
}

export async function listContacts(
  db: Db,
  auth: AuthContext,
  q: { keyword?: string; groupId?: number; pageNum: number; pageSize: number },
): Promise<Paged<AlarmContact>> {
  if (q.groupId !== undefined && !auth.groupIds.includes(q.groupId)) throw notFound(`groupId ${q.groupId}: park`);
  let ids = visibleIds(db, auth);
  if (q.groupId !== undefined) ids = ids.where('alarm_contact_groups.group_id', '=', q.groupId);
  let base = db.selectFrom('alarm_contacts').where('id', 'in', ids).where('merchant_id', '=', auth.merchantId);
  if (q.keyword) base = base.where('name', 'like', `%${q.keyword}%`);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .offset((q.pageNum - 1) * q.pageSize)
      .limit(q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const parks = await parksOf(
    db,
    auth,
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
      groupIds: parks(r.id),
      enabled: r.enabled === 1,
    })),
    total: Number(count.n),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

function checkParks(auth: AuthContext, groupIds: number[]) {
  const foreign = groupIds.filter((g) => !auth.groupIds.includes(g));
  if (foreign.length > 0) throw notFound(`groupIds ${foreign.join(', ')}: park`);
}

const fields = (b: AddAlarmContactBody) => ({
  name: b.name,
  phone: b.phone,
  email: b.email,
  webhook_url: b.webhookUrl,
  webhook_type: b.webhookType,
  enabled: b.enabled ? 1 : 0,
});

export function addContact(db: Db, auth: AuthContext, body: AddAlarmContactBody, meta: ClientMeta) {
  return audited(
    db,
    auth,
    meta,
    { action: 'alarmContact.add', targetType: 'alarmContact', detail: body.name },
    async () => {
      checkParks(auth, body.groupIds);
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('alarm_contacts')
          .values({ ...fields(body), merchant_id: auth.merchantId, created_at: Date.now() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('alarm_contact_groups')
          .values([...new Set(body.groupIds)].map((g) => ({ contact_id: id, group_id: g })))
          .execute();
        return { id };
      });
    },
    (r) => ({ targetId: r.id }),
  );
}

async function visible(db: Db, auth: AuthContext, id: number) {
  const row = await db
    .selectFrom('alarm_contacts')
    .select('id')
    .where('id', '=', id)
    .where('id', 'in', visibleIds(db, auth))
    .executeTakeFirst();
  if (!row) throw notFound(`id ${id}: contact`);
}

export function alterContact(db: Db, auth: AuthContext, body: AlterAlarmContactBody, meta: ClientMeta) {
  return audited(
    db,
    auth,
    meta,
    { action: 'alarmContact.alter', targetType: 'alarmContact', targetId: body.id, detail: body.name },
    async () => {
      await visible(db, auth, body.id);
      checkParks(auth, body.groupIds);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('alarm_contacts')
          .set(fields(body))
          .where('id', '=', body.id)
          .where('merchant_id', '=', auth.merchantId)
          .execute();
        await trx
          .deleteFrom('alarm_contact_groups')
          .where('contact_id', '=', body.id)
          .where('group_id', 'in', inList(auth.groupIds))
          .execute();
        await trx
          .insertInto('alarm_contact_groups')
          .values([...new Set(body.groupIds)].map((g) => ({ contact_id: body.id, group_id: g })))
          .execute();
      });
      return { id: body.id };
    },
  );
}

export function removeContacts(db: Db, auth: AuthContext, ids: number[], meta: ClientMeta) {
  return audited(
    db,
    auth,
    meta,
    { action: 'alarmContact.remove', targetType: 'alarmContact', targetId: ids.join(',') },
    async () => {
      for (const id of ids) await visible(db, auth, id);
      await db.deleteFrom('alarm_contacts').where('id', 'in', ids).where('merchant_id', '=', auth.merchantId).execute();
      return null;
    },
  );
}

/** For the rule editor: contacts serving a park, with the ways each can be reached. */
export async function contactOptions(db: Db, auth: AuthContext, groupId: number) {
  if (!auth.groupIds.includes(groupId)) throw notFound(`groupId ${groupId}: park`);
  const rows = await db
    .selectFrom('alarm_contacts')
    .innerJoin('alarm_contact_groups', 'alarm_contact_groups.contact_id', 'alarm_contacts.id')
    .select(['alarm_contacts.id', 'name', 'phone', 'email', 'webhook_url', 'enabled'])
    .where('alarm_contacts.merchant_id', '=', auth.merchantId)
    .where('alarm_contact_groups.group_id', '=', groupId)
    .orderBy('name')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    enabled: r.enabled === 1,
    channels: [r.email ? 'email' : null, r.webhook_url ? 'webhook' : null, r.phone ? 'sms' : null].filter(Boolean),
  }));
}
