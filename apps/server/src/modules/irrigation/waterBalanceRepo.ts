import type { Db } from '../../db/connect';
import { type Scope, scoped } from '../../db/scope';

/** What a zone's water balance reads besides ET0, runs and rollups (each in its own module's repo). */

/** Every planting of a plot, oldest first: the balance picks the one growing on each day. */
export function plotPlantings(db: Db, scope: Scope, groupId: number, areaPointId: number) {
  return scoped(db, scope, groupId)
    .selectFrom('production_plantings')
    .select(['id', 'crop_id', 'sown_on', 'expected_harvest_on', 'status'])
    .where('area_point_id', '=', areaPointId)
    .orderBy('sown_on')
    .orderBy('id')
    .execute();
}

/** The enabled smart rules of every merchant (the deficit judge keeps those of mode deficit). */
export function enabledSmartRules(db: Db) {
  return db
    .selectFrom('rules')
    .selectAll()
    .where('owner_kind', '=', 'smartIrrigation')
    .where('enabled', '=', 1)
    .orderBy('id')
    .execute();
}

/** The park's weather stations' air pressure readings since `since`, oldest first (hPa). */
export async function pressureSince(db: Db, scope: Scope, groupId: number, since: number) {
  const stations = await scoped(db, scope, groupId)
    .selectFrom('devices')
    .select('id')
    .where('device_class', '=', 'weatherStation')
    .orderBy('id')
    .execute();
  if (stations.length === 0) return [];
  return db
    .selectFrom('telemetry')
    .select(['ts', 'value'])
    .where('device_id', '=', stations[0].id)
    .where('key', '=', 'airPressure')
    .where('ts', '>=', since)
    .orderBy('ts')
    .execute();
}
