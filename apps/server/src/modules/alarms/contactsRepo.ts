import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import { deleteByIds, insertRow, pageOfQuery, updateById } from '../../db/rows';
import type { AlarmContactsTable } from '../../db/rulesAlarmsSchema';
import { inList, type Scope, scoped } from '../../db/scope';

type ContactFields = Omit<Insertable<AlarmContactsTable>, 'id' | 'merchant_id' | 'created_at'>;

/**
 * A contact's links to parks carry no merchant of their own: joined to the parks table, a scoped query keeps
 * only the links to parks in reach (the caller's, or `groupId` of them).
 */
const linksInReach = (db: Db, scope: Scope, groupId?: number) =>
  scoped(db, scope, groupId)
    .selectFrom('alarm_contact_groups')
    .innerJoin('groups', 'groups.id', 'alarm_contact_groups.group_id');

/** Contacts that serve at least one park in reach: a caller sees those, and only the parks of each that are theirs. */
const visibleIds = (db: Db, scope: Scope, groupId?: number) =>
  linksInReach(db, scope, groupId).select('alarm_contact_groups.contact_id');

/** The scope's parks of each contact, in park order. */
export async function parksOfContacts(db: Db, scope: Scope, ids: number[]) {
  const rows = await linksInReach(db, scope)
    .select(['alarm_contact_groups.contact_id', 'alarm_contact_groups.group_id'])
    .where('alarm_contact_groups.contact_id', 'in', inList(ids))
    .orderBy('alarm_contact_groups.group_id')
    .execute();
  return (id: number) => rows.filter((r) => r.contact_id === id).map((r) => r.group_id);
}

export function listContacts(
  db: Db,
  scope: Scope,
  q: { keyword?: string; groupId?: number; pageNum: number; pageSize: number },
) {
  let contacts = scoped(db, scope)
    .selectFrom('alarm_contacts')
    .selectAll()
    .where('id', 'in', visibleIds(db, scope, q.groupId));
  if (q.keyword) contacts = contacts.where('name', 'like', `%${q.keyword}%`);
  return pageOfQuery(contacts.orderBy('id', 'desc'), q);
}

export async function isVisibleContact(db: Db, scope: Scope, id: number): Promise<boolean> {
  const row = await visibleIds(db, scope).where('alarm_contact_groups.contact_id', '=', id).executeTakeFirst();
  return row !== undefined;
}

const linkParks = (db: Db, contactId: number, groupIds: number[]) =>
  db
    .insertInto('alarm_contact_groups')
    .values(groupIds.map((g) => ({ contact_id: contactId, group_id: g })))
    .execute();

/** `groupIds`: parks the caller was checked to reach. */
export async function insertContact(
  db: Db,
  scope: Scope,
  fields: ContactFields,
  groupIds: number[],
  at: number,
): Promise<number> {
  const id = await insertRow(db, scope, 'alarm_contacts', { ...fields, merchant_id: scope.merchantId, created_at: at });
  await linkParks(db, id, groupIds);
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
  await updateById(db, scope, 'alarm_contacts', id, fields);
  await scoped(db, scope)
    .deleteFrom('alarm_contact_groups')
    .where('contact_id', '=', id)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('groups').select('groups.id').whereRef('groups.id', '=', 'alarm_contact_groups.group_id'),
      ),
    )
    .execute();
  await linkParks(db, id, groupIds);
}

export async function deleteContacts(db: Db, scope: Scope, ids: number[]) {
  await deleteByIds(db, scope, 'alarm_contacts', ids);
}

/** Contacts serving one park: whom a rule there may notify. */
const contactsServing = (db: Db, scope: Scope, groupId: number) =>
  scoped(db, scope, groupId)
    .selectFrom('alarm_contacts')
    .innerJoin('alarm_contact_groups', 'alarm_contact_groups.contact_id', 'alarm_contacts.id')
    .innerJoin('groups', 'groups.id', 'alarm_contact_groups.group_id');

/** For the rule editor, by name. */
export function contactsOfPark(db: Db, scope: Scope, groupId: number) {
  return contactsServing(db, scope, groupId)
    .select([
      'alarm_contacts.id',
      'alarm_contacts.name',
      'alarm_contacts.phone',
      'alarm_contacts.email',
      'alarm_contacts.webhook_url',
      'alarm_contacts.enabled',
      'alarm_contacts.lang',
    ])
    .orderBy('alarm_contacts.name')
    .execute();
}

/** Those of `ids` that serve the park. */
export function contactsServingPark(db: Db, scope: Scope, groupId: number, ids: number[]) {
  return contactsServing(db, scope, groupId)
    .selectAll('alarm_contacts')
    .where('alarm_contacts.id', 'in', inList(ids))
    .execute();
}
