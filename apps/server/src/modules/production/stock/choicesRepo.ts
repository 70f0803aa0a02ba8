import type { Db } from '../../../db/connect';
import { type Scope, scoped } from '../../../db/scope';

/**
 * Kysely for what the farm work, video and supplier forms choose from in one park (plots, plantings,
 * people, machines, materials, suppliers), and for checking that a chosen id is one of them.
 */
export type ParkTable =
  | 'area_points'
  | 'production_plantings'
  | 'production_machinery'
  | 'production_materials'
  | 'production_suppliers';

/** Which of `ids` are rows of `table` in the park. */
export async function idsInPark(
  db: Db,
  scope: Scope,
  groupId: number,
  table: ParkTable,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await scoped(db, scope, groupId).selectFrom(table).select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Which of `ids` are people serving the park. */
export async function peopleInPark(db: Db, scope: Scope, groupId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await scoped(db, scope, groupId)
    .selectFrom('production_personnel_parks')
    .select('personnel_id')
    .where('personnel_id', 'in', ids)
    .execute();
  return rows.map((r) => r.personnel_id);
}

export const plantingInPark = (db: Db, scope: Scope, groupId: number, id: number) =>
  scoped(db, scope, groupId)
    .selectFrom('production_plantings')
    .select(['id', 'area_point_id'])
    .where('id', '=', id)
    .executeTakeFirst();

export const plotsOfPark = (db: Db, scope: Scope, groupId: number) =>
  scoped(db, scope, groupId).selectFrom('area_points').select(['id', 'name']).orderBy('name').execute();

/** The latest plantings of the park with their crop's name (crops are the merchant's, shared by its parks). */
export const plantingsOfPark = (db: Db, scope: Scope, groupId: number) =>
  scoped(db, scope, groupId)
    .selectFrom('production_plantings as p')
    .leftJoin('production_crops as c', 'c.id', 'p.crop_id')
    .select(['p.id', 'p.area_point_id', 'p.variety', 'p.sown_on', 'p.status', 'c.name as crop'])
    .orderBy('p.sown_on', 'desc')
    .limit(500)
    .execute();

/** Active people serving the park (people are the merchant's; which parks they serve is park data). */
export const peopleOfPark = (db: Db, scope: Scope, groupId: number) =>
  scoped(db, scope, groupId)
    .selectFrom('production_personnel as m')
    .where('m.status', '=', 'active')
    .innerJoin('production_personnel_parks as pp', 'pp.personnel_id', 'm.id')
    .select(['m.id', 'm.name'])
    .orderBy('m.name')
    .execute();
