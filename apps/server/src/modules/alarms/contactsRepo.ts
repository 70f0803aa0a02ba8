import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import { pageOf } from '../../db/paging';
import type { AlarmContactsTable } from '../../db/rulesAlarmsSchema';
import { inList, type Scope } from '../../db/scope';

type ContactFields = Omit<Insertable<AlarmContactsTable>, 'id' | 'merchant_id' | 'created_at'>;

/**
 * Contacts that serve at least one of the scope's parks: a caller sees those, and only the parks of
 * each that are theirs.
 */
function visibleIds(db: Db, scope: Scope) {
  return db
    .selectFrom('alarm_contact_groups')
    .innerJoin('alarm_contacts', 'alarm_contacts.id', 'alarm_contact_groups.contact_id')
    .select('alarm_contacts.id')
    .where('alarm_contacts.merchant_id', '=', scope.merchantId)
    .where('alarm_contact_groups.group_id', 'in', inList(scope.groupIds));
}

/** The scope's parks of each contact, in park order. */
export async function parksOfContacts(db: Db, scope: Scope, ids: number[]) {
  const rows = await db
    .selectFrom('alarm_contact_groups')
    .select(['contact_id', 'group_id'])
    .where('contact_id', 'in', inList(ids))
    .where('group_id', 'in', inList(scope.groupIds))
    .orderBy('group_id')
    .execute();
  return (id: number) => rows.filter((r) => r.contact_id === id).map((r) => r.group_id);
}

export async function listContacts(
  db: Db,
  scope: Scope,
  q: { keyword?: string; groupId?: number; pageNum: number; pageSize: number },
) {
  let ids = visibleIds(db, scope);
  if (q.groupId !== undefined) ids = ids.where('alarm_contact_groups.group_id', '=', q.groupId);
  let base = db.selectFrom('alarm_contacts').where('id', 'in', ids).where('merchant_id', '=', scope.merchantId);
  if (q.keyword) base = base.where('name', 'like', `%${q.keyword}%`);
  return pageOf(
    base.selectAll().orderBy('id', 'desc'),
    base.select((eb) => eb.fn.countAll<number>().as('n')),
    q,
  );
}

export async function isVisibleContact(db: Db, scope: Scope, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('alarm_contacts')
    .select('id')
    .where('id', '=', id)
    .where('id', 'in', visibleIds(db, scope))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertContact(
  db: Db,
  merchantId: number,
  fields: ContactFields,
  groupIds: number[],
  at: number,
): Promise<number> {
  const { id } = await db
    .insertInto('alarm_contacts')
    .values({ ...fields, merchant_id: merchantId, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('alarm_contact_groups')
    .values(groupIds.map((g) => ({ contact_id: id, group_id: g })))
    .execute();
  return id;
}

/** Replaces the contact's parks within the scope; its parks outside the scope stay as they were. */
export async function updateContact(
  db: Db,
  scope: Scope,
  id: number,
  fields: Updateable<AlarmContactsTable>,
  groupIds: number[],
) {
  await db
    .updateTable('alarm_contacts')
    .set(fields)
    .where('id', '=', id)
    .where('merchant_id', '=', scope.merchantId)
    .execute();
  await db
    .deleteFrom('alarm_contact_groups')
    .where('contact_id', '=', id)
    .where('group_id', 'in', inList(scope.groupIds))
    .execute();
  await db
    .insertInto('alarm_contact_groups')
    .values(groupIds.map((g) => ({ contact_id: id, group_id: g })))
    .execute();
}

export async function deleteContacts(db: Db, merchantId: number, ids: number[]) {
  await db.deleteFrom('alarm_contacts').where('id', 'in', ids).where('merchant_id', '=', merchantId).execute();
}

/** Contacts serving one park, for the rule editor. */
export function contactsOfPark(db: Db, merchantId: number, groupId: number) {
  return db
    .selectFrom('alarm_contacts')
    .innerJoin('alarm_contact_groups', 'alarm_contact_groups.contact_id', 'alarm_contacts.id')
    .select(['alarm_contacts.id', 'name', 'phone', 'email', 'webhook_url', 'enabled'])
    .where('alarm_contacts.merchant_id', '=', merchantId)
    .where('alarm_contact_groups.group_id', '=', groupId)
    .orderBy('name')
    .execute();
}
