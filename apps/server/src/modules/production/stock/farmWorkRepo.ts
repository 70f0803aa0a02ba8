import type { FarmWorkListQuery } from '@farmpark/contracts';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../../db/connect';
import type { ProductionFarmWorkTable } from '../../../db/productionStockSchema';
import { inList, type Scope } from '../../../db/scope';

/** Kysely for farm work and its links (materials, people, machinery, photos). */
export type NewWork = Omit<Insertable<ProductionFarmWorkTable>, 'id' | 'created_at' | 'updated_at'>;
export interface WorkLinks {
  materials: { materialId: number; quantity: number }[];
  personnelIds: number[];
  machineryIds: number[];
}

/** The day a work counts on: when it was done, else when it was planned. */
export const workDay = sql<string>`coalesce(w.done_on, w.planned_on)`;

export function filteredWork(db: Db, scope: Scope, q: Omit<FarmWorkListQuery, 'pageNum' | 'pageSize'>) {
  let base = db
    .selectFrom('production_farm_work as w')
    .leftJoin('area_points as a', (j) =>
      j.onRef('a.id', '=', 'w.area_point_id').on('a.merchant_id', '=', scope.merchantId),
    )
    .where('w.merchant_id', '=', scope.merchantId)
    .where('w.group_id', 'in', inList(scope.groupIds))
    .where('w.group_id', '=', q.groupId);
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
  return base;
}

export const workColumns = [
  'w.id',
  'w.group_id',
  'w.type',
  'w.area_point_id',
  'w.planting_id',
  'w.planned_on',
  'w.done_on',
  'w.status',
  'w.notes',
  'w.source',
  'w.irrigation_run_id',
  'w.water_m3',
  'w.fertiliser',
  'w.series_id',
  'a.name as area_name',
] as const;

/** The links of the given works, in one query each. */
export async function linksOf(db: Db, scope: Scope, ids: number[]) {
  const [materials, people, machinery, photos] = await Promise.all([
    db
      .selectFrom('production_farm_work_materials as l')
      .innerJoin('production_materials as m', 'm.id', 'l.material_id')
      .select(['l.farm_work_id', 'l.material_id', 'l.quantity', 'm.name', 'm.kind', 'm.unit', 'm.safety_days'])
      .where('l.merchant_id', '=', scope.merchantId)
      .where('l.group_id', 'in', inList(scope.groupIds))
      .where('l.farm_work_id', 'in', inList(ids))
      .orderBy('m.name')
      .execute(),
    db
      .selectFrom('production_farm_work_people')
      .select(['farm_work_id', 'personnel_id'])
      .where('merchant_id', '=', scope.merchantId)
      .where('group_id', 'in', inList(scope.groupIds))
      .where('farm_work_id', 'in', inList(ids))
      .execute(),
    db
      .selectFrom('production_farm_work_machinery')
      .select(['farm_work_id', 'machinery_id'])
      .where('merchant_id', '=', scope.merchantId)
      .where('group_id', 'in', inList(scope.groupIds))
      .where('farm_work_id', 'in', inList(ids))
      .execute(),
    db
      .selectFrom('production_farm_work_photos')
      .select(['farm_work_id', 'id'])
      .where('merchant_id', '=', scope.merchantId)
      .where('group_id', 'in', inList(scope.groupIds))
      .where('farm_work_id', 'in', inList(ids))
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

export function findWork(db: Db, scope: Scope, id: number) {
  return db
    .selectFrom('production_farm_work')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .executeTakeFirst();
}

export async function insertWork(db: Db, w: NewWork, at: number): Promise<number> {
  const row = await db
    .insertInto('production_farm_work')
    .values({ ...w, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces a work's links (materials only while it is not done: done work's materials are in the ledger). */
export async function saveLinks(
  db: Db,
  t: { id: number; merchantId: number; groupId: number },
  links: WorkLinks,
  withMaterials: boolean,
) {
  const base = { farm_work_id: t.id, merchant_id: t.merchantId, group_id: t.groupId };
  const tables = ['production_farm_work_people', 'production_farm_work_machinery'] as const;
  for (const table of withMaterials ? [...tables, 'production_farm_work_materials' as const] : tables)
    await db.deleteFrom(table).where('farm_work_id', '=', t.id).where('merchant_id', '=', t.merchantId).execute();
  if (links.personnelIds.length)
    await db
      .insertInto('production_farm_work_people')
      .values(links.personnelIds.map((p) => ({ ...base, personnel_id: p })))
      .execute();
  if (links.machineryIds.length)
    await db
      .insertInto('production_farm_work_machinery')
      .values(links.machineryIds.map((m) => ({ ...base, machinery_id: m })))
      .execute();
  if (withMaterials && links.materials.length)
    await db
      .insertInto('production_farm_work_materials')
      .values(links.materials.map((m) => ({ ...base, material_id: m.materialId, quantity: m.quantity })))
      .execute();
}

/** Which of the ids exist in the park: plots, plantings of the plot, people of the park, machines, materials. */
export async function known(db: Db, merchantId: number, groupId: number) {
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  return {
    plot: async (id: number) =>
      (await db
        .selectFrom('area_points')
        .select('id')
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .where('group_id', '=', groupId)
        .executeTakeFirst()) !== undefined,
    planting: async (id: number, areaPointId: number) =>
      (await db
        .selectFrom('production_plantings')
        .select('id')
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .where('group_id', '=', groupId)
        .where('area_point_id', '=', areaPointId)
        .executeTakeFirst()) !== undefined,
    people: async (list: number[]) =>
      (
        await db
          .selectFrom('production_personnel_parks')
          .select('personnel_id as id')
          .where('merchant_id', '=', merchantId)
          .where('group_id', '=', groupId)
          .where('personnel_id', 'in', inList(list))
          .execute()
      ).map((r) => r.id),
    machines: async (list: number[]) =>
      ids(
        await db
          .selectFrom('production_machinery')
          .select('id')
          .where('merchant_id', '=', merchantId)
          .where('group_id', '=', groupId)
          .where('id', 'in', inList(list))
          .execute(),
      ),
    materials: async (list: number[]) =>
      ids(
        await db
          .selectFrom('production_materials')
          .select('id')
          .where('merchant_id', '=', merchantId)
          .where('group_id', '=', groupId)
          .where('id', 'in', inList(list))
          .execute(),
      ),
  };
}
