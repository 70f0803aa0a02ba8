import type { FarmWorkListQuery } from '@farmpark/contracts';
import { sql } from 'kysely';
import type { Db } from '../../../db/connect';
import { pageOfQuery } from '../../../db/rows';
import { inList, type Scope, scoped } from '../../../db/scope';

/** Kysely for farm work and its links (materials, people, machinery, photos). */
export interface WorkLinks {
  materials: { materialId: number; quantity: number }[];
  personnelIds: number[];
  machineryIds: number[];
}
type Filter = Omit<FarmWorkListQuery, 'pageNum' | 'pageSize'>;

/** The day a work counts on: when it was done, else when it was planned. */
const workDay = sql<string>`coalesce(w.done_on, w.planned_on)`;

function sorted(db: Db, scope: Scope, q: Filter) {
  let base = scoped(db, scope, q.groupId)
    .selectFrom('production_farm_work as w')
    .leftJoin('area_points as a', 'a.id', 'w.area_point_id');
  if (q.type) base = base.where('w.type', '=', q.type);
  if (q.status) base = base.where('w.status', '=', q.status);
  if (q.areaPointId) base = base.where('w.area_point_id', '=', q.areaPointId);
  if (q.plantingId) base = base.where('w.planting_id', '=', q.plantingId);
  if (q.startDate) base = base.where(workDay, '>=', q.startDate);
  if (q.endDate) base = base.where(workDay, '<=', q.endDate);
  if (q.keyword) {
    const like = `%${q.keyword}%`;
    base = base.where((eb) => eb.or([eb('w.notes', 'like', like), eb('a.name', 'like', like)]));
  }
  return base.selectAll('w').select('a.name as area_name').orderBy(workDay, 'desc').orderBy('w.id', 'desc');
}

export const listWork = (db: Db, scope: Scope, q: FarmWorkListQuery) => pageOfQuery(sorted(db, scope, q), q);

export const allWork = (db: Db, scope: Scope, q: Filter) => sorted(db, scope, q).execute();

/** One work as the list shows it (a revision's record: revisions.ts). */
export const workShown = (db: Db, scope: Scope, groupId: number, id: number) =>
  sorted(db, scope, { groupId } as Filter)
    .where('w.id', '=', id)
    .executeTakeFirst();

export type WorkRow = Awaited<ReturnType<typeof allWork>>[number];

/** The links of the given works, in one query each. */
export async function linksOf(db: Db, scope: Scope, ids: number[]) {
  const s = scoped(db, scope);
  const works = inList(ids);
  const [materials, people, machinery, photos] = await Promise.all([
    s
      .selectFrom('production_farm_work_materials as l')
      .innerJoin('production_materials as m', 'm.id', 'l.material_id')
      .select(['l.farm_work_id', 'l.material_id', 'l.quantity', 'm.name', 'm.kind', 'm.unit', 'l.safety_days'])
      .where('l.farm_work_id', 'in', works)
      .orderBy('m.name')
      .execute(),
    s.selectFrom('production_farm_work_people').selectAll().where('farm_work_id', 'in', works).execute(),
    s.selectFrom('production_farm_work_machinery').selectAll().where('farm_work_id', 'in', works).execute(),
    s
      .selectFrom('production_farm_work_photos')
      .select(['farm_work_id', 'id'])
      .where('farm_work_id', 'in', works)
      .orderBy('id')
      .execute(),
  ]);
  return (id: number) => ({
    materials: materials.filter((r) => r.farm_work_id === id),
    personnelIds: people.filter((r) => r.farm_work_id === id).map((r) => r.personnel_id),
    machineryIds: machinery.filter((r) => r.farm_work_id === id).map((r) => r.machinery_id),
    photoIds: photos.filter((r) => r.farm_work_id === id).map((r) => r.id),
  });
}

/** Replaces a work's links (materials only while it is not done: done work's materials are in the ledger). */
export async function saveLinks(
  db: Db,
  scope: Scope,
  work: { id: number; group_id: number },
  links: WorkLinks,
  withMaterials: boolean,
) {
  const s = scoped(db, scope);
  const base = { farm_work_id: work.id, merchant_id: scope.merchantId, group_id: work.group_id };
  const tables = ['production_farm_work_people', 'production_farm_work_machinery'] as const;
  for (const table of withMaterials ? [...tables, 'production_farm_work_materials' as const] : tables)
    await s.deleteFrom(table).where('farm_work_id', '=', work.id).execute();
  if (links.personnelIds.length)
    await s
      .insertInto('production_farm_work_people')
      .values(links.personnelIds.map((p) => ({ ...base, personnel_id: p })))
      .execute();
  if (links.machineryIds.length)
    await s
      .insertInto('production_farm_work_machinery')
      .values(links.machineryIds.map((m) => ({ ...base, machinery_id: m })))
      .execute();
  if (withMaterials && links.materials.length) {
    // each line keeps its material's safety days as they are now (production/core/safetyGuard.ts)
    const days = await s
      .selectFrom('production_materials')
      .select(['id', 'safety_days'])
      .where('id', 'in', inList(links.materials.map((m) => m.materialId)))
      .execute();
    const safetyOf = (id: number) => days.find((d) => d.id === id)?.safety_days ?? 0;
    await s
      .insertInto('production_farm_work_materials')
      .values(
        links.materials.map((m) => ({
          ...base,
          material_id: m.materialId,
          quantity: m.quantity,
          safety_days: safetyOf(m.materialId),
        })),
      )
      .execute();
  }
}

/** The plots an irrigation machine's zones water (irrigation_zones: machine + zone -> plot). */
export const plotsOfZones = (db: Db, scope: Scope, deviceId: number, zones: number[]) =>
  scoped(db, scope)
    .selectFrom('irrigation_zones')
    .select(['zone_no', 'area_point_id'])
    .where('device_id', '=', deviceId)
    .where('zone_no', 'in', inList(zones))
    .where('area_point_id', 'is not', null)
    .execute();

/** The planting growing on a plot on a day (the latest sown by then). */
export const plantingGrowing = (db: Db, scope: Scope, plot: number, day: string) =>
  scoped(db, scope)
    .selectFrom('production_plantings')
    .select('id')
    .where('area_point_id', '=', plot)
    .where('status', '=', 'growing')
    .where('sown_on', '<=', day)
    .orderBy('sown_on', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
