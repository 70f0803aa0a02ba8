import type { Db } from '../../../db/connect';
import { pageOf } from '../../../db/paging';
import { inList, type Scope } from '../../../db/scope';

/** People serving at least one of the scope's parks: a caller sees those, and only those parks of each. */
function visibleIds(db: Db, scope: Scope, groupId?: number) {
  let q = db
    .selectFrom('production_personnel_parks')
    .select('personnel_id')
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds));
  if (groupId !== undefined) q = q.where('group_id', '=', groupId);
  return q;
}

export interface PersonnelFilter {
  keyword?: string;
  groupId?: number;
  status?: string;
}

function filtered(db: Db, scope: Scope, f: PersonnelFilter) {
  let q = db
    .selectFrom('production_personnel as p')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'p.user_id').on('u.merchant_id', '=', scope.merchantId))
    .where('p.merchant_id', '=', scope.merchantId)
    .where('p.id', 'in', visibleIds(db, scope, f.groupId));
  if (f.status) q = q.where('p.status', '=', f.status);
  if (f.keyword) {
    const k = `%${f.keyword}%`;
    q = q.where((eb) => eb.or([eb('p.name', 'like', k), eb('p.phone', 'like', k), eb('p.post', 'like', k)]));
  }
  return q;
}

const COLUMNS = [
  'p.id',
  'p.name',
  'p.phone',
  'p.post',
  'p.id_number',
  'p.photo',
  'p.status',
  'p.user_id',
  'u.user_name',
] as const;

export function listPersonnel(db: Db, scope: Scope, f: PersonnelFilter & { pageNum: number; pageSize: number }) {
  const q = filtered(db, scope, f);
  return pageOf(
    q.select(COLUMNS).orderBy('p.id', 'desc'),
    q.select((eb) => eb.fn.countAll<number>().as('n')),
    f,
  );
}

export async function* streamPersonnel(db: Db, scope: Scope, f: PersonnelFilter) {
  const page = 500;
  for (let offset = 0; ; offset += page) {
    const rows = await filtered(db, scope, f)
      .select(COLUMNS)
      .orderBy('p.id', 'desc')
      .offset(offset)
      .limit(page)
      .execute();
    yield* rows;
    if (rows.length < page) return;
  }
}

export async function findPerson(db: Db, scope: Scope, id: number) {
  return db
    .selectFrom('production_personnel as p')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'p.user_id').on('u.merchant_id', '=', scope.merchantId))
    .select(COLUMNS)
    .where('p.id', '=', id)
    .where('p.merchant_id', '=', scope.merchantId)
    .where('p.id', 'in', visibleIds(db, scope))
    .executeTakeFirst();
}

/** The scope's parks of each person. */
export async function parksOf(db: Db, scope: Scope, ids: number[]) {
  const rows = await db
    .selectFrom('production_personnel_parks')
    .select(['personnel_id', 'group_id'])
    .where('merchant_id', '=', scope.merchantId)
    .where('personnel_id', 'in', inList(ids))
    .where('group_id', 'in', inList(scope.groupIds))
    .orderBy('group_id')
    .execute();
  return (id: number) => rows.filter((r) => r.personnel_id === id).map((r) => r.group_id);
}

export interface PersonFields {
  name: string;
  phone: string;
  post: string;
  id_number: string;
  status: string;
  user_id: number | null;
}

export async function insertPerson(db: Db, merchantId: number, fields: PersonFields, groupIds: number[]) {
  const { id } = await db
    .insertInto('production_personnel')
    .values({ ...fields, merchant_id: merchantId, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('production_personnel_parks')
    .values(groupIds.map((g) => ({ personnel_id: id, group_id: g, merchant_id: merchantId })))
    .execute();
  return id;
}

/** Replaces the person's parks within the scope; parks outside it stay as they were. */
export async function updatePerson(db: Db, scope: Scope, id: number, fields: PersonFields, groupIds: number[]) {
  await db
    .updateTable('production_personnel')
    .set(fields)
    .where('id', '=', id)
    .where('merchant_id', '=', scope.merchantId)
    .execute();
  await db
    .deleteFrom('production_personnel_parks')
    .where('personnel_id', '=', id)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .execute();
  await db
    .insertInto('production_personnel_parks')
    .values(groupIds.map((g) => ({ personnel_id: id, group_id: g, merchant_id: scope.merchantId })))
    .execute();
}

/** Harvests and farm work a person is on: such a person cannot be removed. */
export async function usesOf(db: Db, merchantId: number, id: number): Promise<number> {
  const [h, w] = await Promise.all([
    db
      .selectFrom('production_harvest_people')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', merchantId)
      .where('personnel_id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('production_farm_work_people')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', merchantId)
      .where('personnel_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(h.n) + Number(w.n);
}

export async function deletePeople(db: Db, merchantId: number, ids: number[]) {
  await db
    .deleteFrom('production_personnel_parks')
    .where('merchant_id', '=', merchantId)
    .where('personnel_id', 'in', inList(ids))
    .execute();
  await db
    .deleteFrom('production_personnel')
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', inList(ids))
    .execute();
}

export async function userOfMerchant(db: Db, merchantId: number, userId: number) {
  return db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('merchant_id', '=', merchantId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}
