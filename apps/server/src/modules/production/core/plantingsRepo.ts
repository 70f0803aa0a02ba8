import type { Db } from '../../../db/connect';
import { pageOf } from '../../../db/paging';
import { inList, type Scope } from '../../../db/scope';

export interface PlantingFilter {
  groupId: number;
  keyword?: string;
  status?: string;
  cropId?: number;
}

function filtered(db: Db, scope: Scope, f: PlantingFilter) {
  let q = db
    .selectFrom('production_plantings as p')
    .innerJoin('production_crops as c', (j) =>
      j.onRef('c.id', '=', 'p.crop_id').on('c.merchant_id', '=', scope.merchantId),
    )
    .leftJoin('area_points as a', (j) =>
      j.onRef('a.id', '=', 'p.area_point_id').on('a.merchant_id', '=', scope.merchantId),
    )
    .where('p.merchant_id', '=', scope.merchantId)
    .where('p.group_id', 'in', inList(scope.groupIds))
    .where('p.group_id', '=', f.groupId);
  if (f.status) q = q.where('p.status', '=', f.status);
  if (f.cropId !== undefined) q = q.where('p.crop_id', '=', f.cropId);
  if (f.keyword) {
    const k = `%${f.keyword}%`;
    q = q.where((eb) => eb.or([eb('c.name', 'like', k), eb('p.variety', 'like', k), eb('a.name', 'like', k)]));
  }
  return q;
}

const COLUMNS = [
  'p.id',
  'p.group_id',
  'p.area_point_id',
  'p.crop_id',
  'p.variety',
  'p.area_mu',
  'p.sown_on',
  'p.transplanted_on',
  'p.expected_harvest_on',
  'p.status',
  'p.notes',
  'c.name as crop_name',
  'a.name as area_point_name',
] as const;

export function listPlantings(db: Db, scope: Scope, f: PlantingFilter & { pageNum: number; pageSize: number }) {
  const q = filtered(db, scope, f);
  return pageOf(
    q.select(COLUMNS).orderBy('p.id', 'desc'),
    q.select((eb) => eb.fn.countAll<number>().as('n')),
    f,
  );
}

export function allPlantings(db: Db, scope: Scope, f: PlantingFilter) {
  return filtered(db, scope, f).select(COLUMNS).orderBy('p.id', 'desc').limit(20_000).execute();
}
export type PlantingRow = Awaited<ReturnType<typeof allPlantings>>[number];

export function findPlanting(db: Db, scope: Scope, id: number) {
  return db
    .selectFrom('production_plantings as p')
    .innerJoin('production_crops as c', (j) =>
      j.onRef('c.id', '=', 'p.crop_id').on('c.merchant_id', '=', scope.merchantId),
    )
    .leftJoin('area_points as a', (j) =>
      j.onRef('a.id', '=', 'p.area_point_id').on('a.merchant_id', '=', scope.merchantId),
    )
    .select(COLUMNS)
    .where('p.id', '=', id)
    .where('p.merchant_id', '=', scope.merchantId)
    .where('p.group_id', 'in', inList(scope.groupIds))
    .executeTakeFirst();
}

export function plotOfPark(db: Db, merchantId: number, groupId: number, id: number) {
  return db
    .selectFrom('area_points')
    .select(['id', 'area'])
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
}

export interface PlantingFields {
  group_id: number;
  area_point_id: number;
  crop_id: number;
  variety: string;
  area_mu: number;
  sown_on: string;
  transplanted_on: string | null;
  expected_harvest_on: string;
  status: string;
  notes: string;
}

export async function insertPlanting(db: Db, merchantId: number, f: PlantingFields) {
  const r = await db
    .insertInto('production_plantings')
    .values({ ...f, merchant_id: merchantId, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updatePlanting(db: Db, scope: Scope, id: number, f: PlantingFields) {
  await db
    .updateTable('production_plantings')
    .set(f)
    .where('id', '=', id)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .execute();
}

/** Harvests and farm work recorded on a planting: it keeps its history, so it cannot be removed. */
export async function usesOf(db: Db, scope: Scope, id: number): Promise<number> {
  const [h, w] = await Promise.all([
    db
      .selectFrom('production_harvests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', scope.merchantId)
      .where('group_id', 'in', inList(scope.groupIds))
      .where('planting_id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('production_farm_work')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', scope.merchantId)
      .where('group_id', 'in', inList(scope.groupIds))
      .where('planting_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(h.n) + Number(w.n);
}

export async function deletePlantings(db: Db, scope: Scope, ids: number[]) {
  await db
    .deleteFrom('production_plantings')
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('id', 'in', inList(ids))
    .execute();
}

/** Latest readings of some devices for some keys (the real-time pages' values). */
export function latestOf(db: Db, deviceIds: number[], keys: string[]) {
  return db
    .selectFrom('device_latest')
    .select(['device_id', 'key', 'value', 'ts'])
    .where('device_id', 'in', inList(deviceIds))
    .where('key', 'in', keys.length > 0 ? keys : [''])
    .execute();
}

/** Hourly sums and counts of some devices for one key since `since` (UTC hour buckets). */
export function hourlyOf(db: Db, deviceIds: number[], key: string, since: number) {
  return db
    .selectFrom('telemetry_hourly')
    .select(['bucket', 'sum', 'count'])
    .where('device_id', 'in', inList(deviceIds))
    .where('key', '=', key)
    .where('bucket', '>=', since)
    .execute();
}
