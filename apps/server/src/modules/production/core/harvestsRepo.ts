import type { Db } from '../../../db/connect';
import { pageOf } from '../../../db/paging';
import { inList, type Scope } from '../../../db/scope';

export interface HarvestFilter {
  groupId: number;
  keyword?: string;
  plantingId?: number;
  startDate?: string;
  endDate?: string;
}

function filtered(db: Db, scope: Scope, f: HarvestFilter) {
  let q = db
    .selectFrom('production_harvests as h')
    .innerJoin('production_plantings as p', (j) =>
      j.onRef('p.id', '=', 'h.planting_id').on('p.merchant_id', '=', scope.merchantId),
    )
    .innerJoin('production_crops as c', (j) =>
      j.onRef('c.id', '=', 'p.crop_id').on('c.merchant_id', '=', scope.merchantId),
    )
    .leftJoin('area_points as a', (j) =>
      j.onRef('a.id', '=', 'p.area_point_id').on('a.merchant_id', '=', scope.merchantId),
    )
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'h.override_by').on('u.merchant_id', '=', scope.merchantId))
    .where('h.merchant_id', '=', scope.merchantId)
    .where('h.group_id', 'in', inList(scope.groupIds))
    .where('h.group_id', '=', f.groupId);
  if (f.plantingId !== undefined) q = q.where('h.planting_id', '=', f.plantingId);
  if (f.startDate) q = q.where('h.harvested_on', '>=', f.startDate);
  if (f.endDate) q = q.where('h.harvested_on', '<=', f.endDate);
  if (f.keyword) {
    const k = `%${f.keyword}%`;
    q = q.where((eb) =>
      eb.or([eb('c.name', 'like', k), eb('h.warehouse', 'like', k), eb('h.grade', 'like', k), eb('a.name', 'like', k)]),
    );
  }
  return q;
}

const COLUMNS = [
  'h.id',
  'h.group_id',
  'h.planting_id',
  'h.harvested_on',
  'h.quantity',
  'h.unit',
  'h.grade',
  'h.warehouse',
  'h.notes',
  'h.override_reason',
  'u.user_name as override_by_name',
  'c.name as crop_name',
  'a.name as area_point_name',
] as const;

export function listHarvests(db: Db, scope: Scope, f: HarvestFilter & { pageNum: number; pageSize: number }) {
  const q = filtered(db, scope, f);
  return pageOf(
    q.select(COLUMNS).orderBy('h.harvested_on', 'desc').orderBy('h.id', 'desc'),
    q.select((eb) => eb.fn.countAll<number>().as('n')),
    f,
  );
}

export async function* streamHarvests(db: Db, scope: Scope, f: HarvestFilter) {
  const page = 500;
  for (let offset = 0; ; offset += page) {
    const rows = await filtered(db, scope, f)
      .select(COLUMNS)
      .orderBy('h.harvested_on', 'desc')
      .orderBy('h.id', 'desc')
      .offset(offset)
      .limit(page)
      .execute();
    yield rows;
    if (rows.length < page) return;
  }
}

export function findHarvest(db: Db, scope: Scope, id: number) {
  return db
    .selectFrom('production_harvests')
    .select(['id', 'group_id'])
    .where('id', '=', id)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .executeTakeFirst();
}

export async function peopleOf(db: Db, merchantId: number, harvestIds: number[]) {
  const rows = await db
    .selectFrom('production_harvest_people as hp')
    .innerJoin('production_personnel as p', 'p.id', 'hp.personnel_id')
    .select(['hp.harvest_id', 'p.id', 'p.name'])
    .where('hp.merchant_id', '=', merchantId)
    .where('p.merchant_id', '=', merchantId)
    .where('hp.harvest_id', 'in', inList(harvestIds))
    .orderBy('p.id')
    .execute();
  return (id: number) => rows.filter((r) => r.harvest_id === id);
}

/** People of the merchant who serve the park: only they can be on its harvests. */
export async function peopleOfPark(db: Db, merchantId: number, groupId: number, ids: number[]) {
  const rows = await db
    .selectFrom('production_personnel_parks')
    .select('personnel_id')
    .where('merchant_id', '=', merchantId)
    .where('group_id', '=', groupId)
    .where('personnel_id', 'in', inList(ids))
    .execute();
  return rows.map((r) => r.personnel_id);
}

/**
 * Pesticide sprays done on a planting (P2's farm work with its materials): each with the pesticide's
 * safety interval in days.
 */
export function spraysOf(db: Db, merchantId: number, groupId: number, plantingId: number) {
  return db
    .selectFrom('production_farm_work as w')
    .innerJoin('production_farm_work_materials as wm', 'wm.farm_work_id', 'w.id')
    .innerJoin('production_materials as m', 'm.id', 'wm.material_id')
    .select(['w.done_on', 'm.name', 'm.safety_days'])
    .where('w.merchant_id', '=', merchantId)
    .where('w.group_id', '=', groupId)
    .where('wm.merchant_id', '=', merchantId)
    .where('m.merchant_id', '=', merchantId)
    .where('w.planting_id', '=', plantingId)
    .where('w.status', '=', 'done')
    .where('w.done_on', 'is not', null)
    .where('m.kind', '=', 'pesticide')
    .where('m.safety_days', '>', 0)
    .execute();
}

export interface HarvestFields {
  group_id: number;
  planting_id: number;
  harvested_on: string;
  quantity: number;
  unit: string;
  grade: string;
  warehouse: string;
  notes: string;
  override_reason: string | null;
  override_by: number | null;
}

async function setPeople(db: Db, merchantId: number, harvestId: number, people: number[]) {
  await db.deleteFrom('production_harvest_people').where('harvest_id', '=', harvestId).execute();
  if (people.length > 0)
    await db
      .insertInto('production_harvest_people')
      .values(people.map((p) => ({ harvest_id: harvestId, personnel_id: p, merchant_id: merchantId })))
      .execute();
}

export async function insertHarvest(db: Db, merchantId: number, f: HarvestFields, people: number[]) {
  const { id } = await db
    .insertInto('production_harvests')
    .values({ ...f, merchant_id: merchantId, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setPeople(db, merchantId, id, people);
  return id;
}

export async function updateHarvest(db: Db, scope: Scope, id: number, f: HarvestFields, people: number[]) {
  await db
    .updateTable('production_harvests')
    .set(f)
    .where('id', '=', id)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .execute();
  await setPeople(db, scope.merchantId, id, people);
}

export async function deleteHarvests(db: Db, scope: Scope, ids: number[]) {
  const own = db
    .selectFrom('production_harvests')
    .select('id')
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('id', 'in', inList(ids));
  await db.deleteFrom('production_harvest_people').where('harvest_id', 'in', own).execute();
  await db
    .deleteFrom('production_harvests')
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('id', 'in', inList(ids))
    .execute();
}
