import type { Db } from '../../../db/connect';
import { insertRow, pageOfQuery, referencesTo, updateById } from '../../../db/rows';
import { merchantWide, type Scope, scoped } from '../../../db/scope';

/**
 * People belong to the merchant; which parks each serves is park data. A caller sees the people serving at
 * least one of its parks (or the one park asked for), and only those parks of each.
 */
const servingIds = (db: Db, scope: Scope, groupId?: number) =>
  scoped(db, scope, groupId).selectFrom('production_personnel_parks').select('personnel_id');

/** People with the console user they are linked to. */
const withUser = (db: Db, scope: Scope, groupId?: number) =>
  scoped(db, scope)
    .selectFrom('production_personnel as p')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.id',
      'p.name',
      'p.phone',
      'p.post',
      'p.id_number',
      'p.photo',
      'p.photo_mime',
      'p.status',
      'p.user_id',
      'u.user_name',
    ])
    .where('p.id', 'in', servingIds(db, scope, groupId));

export interface PersonnelFilter {
  keyword?: string;
  groupId?: number;
  status?: string;
}

function filtered(db: Db, scope: Scope, f: PersonnelFilter) {
  let q = withUser(db, scope, f.groupId);
  if (f.status) q = q.where('p.status', '=', f.status);
  if (f.keyword) {
    const k = `%${f.keyword}%`;
    q = q.where((eb) => eb.or([eb('p.name', 'like', k), eb('p.phone', 'like', k), eb('p.post', 'like', k)]));
  }
  return q.orderBy('p.id', 'desc');
}

export function listPersonnel(db: Db, scope: Scope, f: PersonnelFilter & { pageNum: number; pageSize: number }) {
  return pageOfQuery(filtered(db, scope, f), f);
}

export async function* streamPersonnel(db: Db, scope: Scope, f: PersonnelFilter) {
  const page = 500;
  for (let offset = 0; ; offset += page) {
    const rows = await filtered(db, scope, f).offset(offset).limit(page).execute();
    yield* rows;
    if (rows.length < page) return;
  }
}

export function findPerson(db: Db, scope: Scope, id: number) {
  return withUser(db, scope).where('p.id', '=', id).executeTakeFirst();
}

/** The scope's parks of each person. */
export async function parksOf(db: Db, scope: Scope, ids: number[]) {
  const rows =
    ids.length === 0
      ? []
      : await scoped(db, scope)
          .selectFrom('production_personnel_parks')
          .select(['personnel_id', 'group_id'])
          .where('personnel_id', 'in', ids)
          .orderBy('group_id')
          .execute();
  return (id: number) => rows.filter((r) => r.personnel_id === id).map((r) => r.group_id);
}

/** Which of the people serve the park: only they can be on its harvests. */
export async function servingPark(db: Db, scope: Scope, groupId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await servingIds(db, scope, groupId).where('personnel_id', 'in', ids).execute();
  return rows.map((r) => r.personnel_id);
}

/** The people serving a park, by name (the harvest dialog's picker). */
export function peopleServing(db: Db, scope: Scope, groupId: number) {
  return scoped(db, scope)
    .selectFrom('production_personnel')
    .select(['id', 'name', 'status'])
    .where('id', 'in', servingIds(db, scope, groupId))
    .orderBy('name')
    .limit(2000)
    .execute();
}

export interface PersonFields {
  name: string;
  phone: string;
  post: string;
  id_number: string;
  status: string;
  user_id: number | null;
}

async function addParks(db: Db, scope: Scope, id: number, groupIds: number[]) {
  if (groupIds.length === 0) return;
  await scoped(db, scope)
    .insertInto('production_personnel_parks')
    .values(groupIds.map((g) => ({ personnel_id: id, group_id: g, merchant_id: scope.merchantId })))
    .execute();
}

export async function insertPerson(db: Db, scope: Scope, fields: PersonFields, groupIds: number[]) {
  const row = { ...fields, merchant_id: scope.merchantId, created_at: Date.now() };
  const id = await insertRow(db, scope, 'production_personnel', row);
  await addParks(db, scope, id, groupIds);
  return id;
}

/** Replaces the person's parks within the scope; parks outside it stay as they were. */
export async function updatePerson(db: Db, scope: Scope, id: number, fields: PersonFields, groupIds: number[]) {
  await updateById(db, scope, 'production_personnel', id, fields);
  await scoped(db, scope).deleteFrom('production_personnel_parks').where('personnel_id', '=', id).execute();
  await addParks(db, scope, id, groupIds);
}

/** Harvests and farm work in any park of the merchant a person is on: such a person cannot be removed. */
export async function usesOf(db: Db, merchantId: number, id: number): Promise<number> {
  const tables = ['production_harvest_people', 'production_farm_work_people'] as const;
  return referencesTo(merchantWide(db, merchantId), tables, 'personnel_id', id);
}

/** A person goes with their parks in every park of the merchant. */
export async function deletePeople(db: Db, merchantId: number, ids: number[]) {
  if (ids.length === 0) return;
  const m = merchantWide(db, merchantId);
  await m.deleteFrom('production_personnel_parks').where('personnel_id', 'in', ids).execute();
  await m.deleteFrom('production_personnel').where('id', 'in', ids).execute();
}

/** Console users of the merchant a person may be linked to (staff still there). */
export function staffUsers(db: Db, scope: Scope) {
  return scoped(db, scope)
    .selectFrom('users')
    .select(['id', 'user_name as userName'])
    .where('kind', '=', 'staff')
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
}

export function userOfMerchant(db: Db, scope: Scope, userId: number) {
  return scoped(db, scope)
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}
