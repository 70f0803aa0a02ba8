import type { Db } from '../../../db/connect';
import { pageOfQuery, referencesTo } from '../../../db/rows';
import { type Scope, scoped } from '../../../db/scope';

export interface PlantingFilter {
  groupId: number;
  keyword?: string;
  status?: string;
  cropId?: number;
}

/** Plantings with their crop and plot (a plot removed on the map leaves the planting, its name null). */
export const plantingsNamed = (db: Db, scope: Scope, groupId?: number) =>
  scoped(db, scope, groupId)
    .selectFrom('production_plantings as p')
    .innerJoin('production_crops as c', 'c.id', 'p.crop_id')
    .leftJoin('area_points as a', 'a.id', 'p.area_point_id')
    .select([
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
      'c.allowed_hours_out',
      'a.name as area_point_name',
    ]);

function filtered(db: Db, scope: Scope, f: PlantingFilter) {
  let q = plantingsNamed(db, scope, f.groupId);
  if (f.status) q = q.where('p.status', '=', f.status);
  if (f.cropId !== undefined) q = q.where('p.crop_id', '=', f.cropId);
  if (f.keyword) {
    const k = `%${f.keyword}%`;
    q = q.where((eb) => eb.or([eb('c.name', 'like', k), eb('p.variety', 'like', k), eb('a.name', 'like', k)]));
  }
  return q.orderBy('p.id', 'desc');
}

export function listPlantings(db: Db, scope: Scope, f: PlantingFilter & { pageNum: number; pageSize: number }) {
  return pageOfQuery(filtered(db, scope, f), f);
}

export function allPlantings(db: Db, scope: Scope, f: PlantingFilter) {
  return filtered(db, scope, f).limit(20_000).execute();
}
export type PlantingRow = Awaited<ReturnType<typeof allPlantings>>[number];

export function findPlanting(db: Db, scope: Scope, id: number) {
  return plantingsNamed(db, scope).where('p.id', '=', id).executeTakeFirst();
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

/** Harvests and farm work recorded on a planting: it keeps its history, so it cannot be removed. */
export async function usesOf(db: Db, scope: Scope, id: number): Promise<number> {
  return referencesTo(scoped(db, scope), ['production_harvests', 'production_farm_work'], 'planting_id', id);
}

/** The harvest dialog's plantings of a park: all but the ended, newest first. */
export function plantingsToHarvest(db: Db, scope: Scope, groupId: number) {
  return plantingsNamed(db, scope, groupId)
    .where('p.status', '!=', 'ended')
    .orderBy('p.id', 'desc')
    .limit(1000)
    .execute();
}
