import type { Db } from '../../../db/connect';
import { deleteByIds, insertRow, pageOfQuery, updateById } from '../../../db/rows';
import { inList, type Scope, scoped } from '../../../db/scope';
import { plantingsNamed } from './plantingsRepo';

export interface HarvestFilter {
  groupId: number;
  keyword?: string;
  plantingId?: number;
  startDate?: string;
  endDate?: string;
}

/** A park's harvests with their planting's crop and plot (named as the planting list names them), newest first. */
function filtered(db: Db, scope: Scope, f: HarvestFilter) {
  let q = scoped(db, scope, f.groupId)
    .selectFrom('production_harvests as h')
    .innerJoin(plantingsNamed(db, scope, f.groupId).as('p'), 'p.id', 'h.planting_id')
    .leftJoin('users as u', 'u.id', 'h.override_by')
    .select([
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
      'p.crop_name',
      'p.area_point_name',
    ]);
  if (f.plantingId !== undefined) q = q.where('h.planting_id', '=', f.plantingId);
  if (f.startDate) q = q.where('h.harvested_on', '>=', f.startDate);
  if (f.endDate) q = q.where('h.harvested_on', '<=', f.endDate);
  if (f.keyword) {
    const k = `%${f.keyword}%`;
    q = q.where((eb) =>
      eb.or([
        eb('p.crop_name', 'like', k),
        eb('h.warehouse', 'like', k),
        eb('h.grade', 'like', k),
        eb('p.area_point_name', 'like', k),
      ]),
    );
  }
  return q.orderBy('h.harvested_on', 'desc').orderBy('h.id', 'desc');
}

export function listHarvests(db: Db, scope: Scope, f: HarvestFilter & { pageNum: number; pageSize: number }) {
  return pageOfQuery(filtered(db, scope, f), f);
}

/** One harvest as the list shows it (a revision's record: revisions.ts). */
export const harvestShown = (db: Db, scope: Scope, groupId: number, id: number) =>
  filtered(db, scope, { groupId }).where('h.id', '=', id).executeTakeFirst();

export async function* streamHarvests(db: Db, scope: Scope, f: HarvestFilter) {
  const page = 500;
  for (let offset = 0; ; offset += page) {
    const rows = await filtered(db, scope, f).offset(offset).limit(page).execute();
    yield rows;
    if (rows.length < page) return;
  }
}

/** The people on each of some harvests. */
export async function peopleOf(db: Db, scope: Scope, harvests: readonly { id: number }[]) {
  const rows =
    harvests.length === 0
      ? []
      : await scoped(db, scope)
          .selectFrom('production_harvest_people as hp')
          .innerJoin('production_personnel as p', 'p.id', 'hp.personnel_id')
          .select(['hp.harvest_id', 'p.id', 'p.name'])
          .where(
            'hp.harvest_id',
            'in',
            harvests.map((h) => h.id),
          )
          .orderBy('p.id')
          .execute();
  return (id: number) => rows.filter((r) => r.harvest_id === id);
}

/**
 * Pesticide sprays done on a planting of the park (P2's farm work with its materials, which are the
 * park's own): each with the pesticide's safety interval in days.
 */
/** Which plantings a safety check looks at: named ones, or every planting on one plot. */
export type PlantingsOf = { plantingIds: number[] } | { plotId: number };

/**
 * Done pesticide sprays with a safety interval that cover the plantings: sprays naming the planting, and
 * sprays of its plot that name no planting (a plot-level spray covers every planting on it). The safety
 * days are the line's own (the material's when the work was recorded).
 */
export function spraysCovering(db: Db, scope: Scope, groupId: number, which: PlantingsOf) {
  let q = scoped(db, scope, groupId)
    .selectFrom('production_plantings as p')
    .innerJoin('production_farm_work as w', (j) =>
      j.on((eb) =>
        eb.or([
          eb('w.planting_id', '=', eb.ref('p.id')),
          eb.and([eb('w.planting_id', 'is', null), eb('w.area_point_id', '=', eb.ref('p.area_point_id'))]),
        ]),
      ),
    )
    .innerJoin('production_farm_work_materials as wm', 'wm.farm_work_id', 'w.id')
    .innerJoin('production_materials as m', 'm.id', 'wm.material_id')
    .select(['p.id as planting_id', 'w.id as work_id', 'w.done_on', 'm.name', 'wm.safety_days'])
    .where('w.status', '=', 'done')
    .where('w.done_on', 'is not', null)
    .where('m.kind', '=', 'pesticide')
    .where('wm.safety_days', '>', 0);
  q =
    'plotId' in which
      ? q.where('p.area_point_id', '=', which.plotId)
      : q.where('p.id', 'in', inList(which.plantingIds));
  return q.execute();
}

/** The growing plantings a spray covers: the ones named, or every one on the plot. */
export function growingPlantingsOf(db: Db, scope: Scope, groupId: number, which: PlantingsOf) {
  const q = plantingsNamed(db, scope, groupId).where('p.status', '=', 'growing');
  return (
    'plotId' in which ? q.where('p.area_point_id', '=', which.plotId) : q.where('p.id', 'in', inList(which.plantingIds))
  )
    .orderBy('p.id')
    .execute();
}

/** The harvests of the plantings that no administrator kept over a safety interval. */
export function harvestsWithoutOverride(db: Db, scope: Scope, groupId: number, which: PlantingsOf) {
  let q = scoped(db, scope, groupId)
    .selectFrom('production_harvests as h')
    .innerJoin('production_plantings as p', 'p.id', 'h.planting_id')
    .select(['h.id', 'h.planting_id', 'h.harvested_on'])
    .where('h.override_reason', 'is', null);
  q =
    'plotId' in which
      ? q.where('p.area_point_id', '=', which.plotId)
      : q.where('p.id', 'in', inList(which.plantingIds));
  return q.execute();
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

async function setPeople(db: Db, scope: Scope, harvestId: number, people: number[]) {
  const s = scoped(db, scope);
  await s.deleteFrom('production_harvest_people').where('harvest_id', '=', harvestId).execute();
  if (people.length > 0)
    await s
      .insertInto('production_harvest_people')
      .values(people.map((p) => ({ harvest_id: harvestId, personnel_id: p, merchant_id: scope.merchantId })))
      .execute();
}

export async function insertHarvest(db: Db, scope: Scope, f: HarvestFields, people: number[]) {
  const row = { ...f, merchant_id: scope.merchantId, created_at: Date.now() };
  const id = await insertRow(db, scope, 'production_harvests', row);
  await setPeople(db, scope, id, people);
  return id;
}

export async function updateHarvest(db: Db, scope: Scope, id: number, f: HarvestFields, people: number[]) {
  await updateById(db, scope, 'production_harvests', id, f);
  await setPeople(db, scope, id, people);
}

/** Harvests an administrator kept when a spray recorded after them covered them (safetyGuard.ts). */
export const setOverride = (db: Db, scope: Scope, id: number, reason: string, userId: number) =>
  updateById(db, scope, 'production_harvests', id, { override_reason: reason, override_by: userId });

export async function deleteHarvests(db: Db, scope: Scope, ids: number[]) {
  if (ids.length === 0) return;
  const s = scoped(db, scope);
  const own = s.selectFrom('production_harvests').select('id').where('id', 'in', ids);
  await s.deleteFrom('production_harvest_people').where('harvest_id', 'in', own).execute();
  await deleteByIds(db, scope, 'production_harvests', ids);
}
