import type { Db } from '../../db/connect';
import { rowById } from '../../db/rows';
import { type Scope, scoped } from '../../db/scope';

/** What agronomy reads: the park's place, its first weather station, a pest category's degree-day fields. */

export async function parkSite(db: Db, scope: Scope, groupId: number) {
  const park = await rowById(db, scope, 'groups', groupId);
  return park && { latitude: park.latitude, elevationM: park.elevation_m, windHeightM: park.wind_height_m };
}

/** The park's first weather station (by id, as the pest trend's temperature overlay). */
export function weatherStation(db: Db, scope: Scope, groupId: number) {
  return scoped(db, scope, groupId)
    .selectFrom('devices')
    .select(['id', 'name', 'latitude'])
    .where('device_class', '=', 'weatherStation')
    .orderBy('id')
    .executeTakeFirst();
}

/** A category of the caller's merchant with its own degree-day settings (null columns: none of its own). */
export function pestCategory(db: Db, scope: Scope, categoryId: number) {
  return scoped(db, scope)
    .selectFrom('pest_categories')
    .select(['id', 'kind', 'code', 'name', 'dd_method', 'dd_base_c', 'dd_upper_c', 'dd_start'])
    .where('id', '=', categoryId)
    .executeTakeFirst();
}
