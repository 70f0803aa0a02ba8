import type { Db } from '../../../db/connect';
import { inList, type Scope, scoped } from '../../../db/scope';

/** A park's plots, in map order: the planting dialog's choices and the boundaries devices stand in. */
export function plotsOfPark(db: Db, scope: Scope, groupId: number) {
  return scoped(db, scope, groupId)
    .selectFrom('area_points')
    .select(['id', 'name', 'crop', 'area', 'boundary'])
    .orderBy('id')
    .execute();
}

/** A park's devices, with their kind and their place on the map (null when not placed). */
export function parkDevices(db: Db, scope: Scope, groupId: number) {
  return scoped(db, scope, groupId)
    .selectFrom('devices')
    .select(['id', 'name', 'device_class', 'longitude', 'latitude'])
    .orderBy('id')
    .execute();
}

/** The sensors bound to the plots of a park, by the operator (a device since moved to another park drops out). */
export function bindingsOfPark(db: Db, scope: Scope, groupId: number) {
  return scoped(db, scope, groupId)
    .selectFrom('plot_sensors as s')
    .innerJoin('devices as d', 'd.id', 's.device_id')
    .select(['s.area_point_id', 's.device_id', 's.param_keys', 's.placement', 'd.name', 'd.device_class'])
    .orderBy('s.id')
    .execute();
}

/** Replaces one plot's bindings (in the caller's transaction). */
export async function replaceBindings(
  db: Db,
  scope: Scope,
  groupId: number,
  areaPointId: number,
  rows: { deviceId: number; keys: string[]; placement: string }[],
) {
  const s = scoped(db, scope, groupId);
  await s.deleteFrom('plot_sensors').where('area_point_id', '=', areaPointId).execute();
  if (rows.length === 0) return;
  const at = Date.now();
  await s
    .insertInto('plot_sensors')
    .values(
      rows.map((r) => ({
        merchant_id: scope.merchantId,
        group_id: groupId,
        area_point_id: areaPointId,
        device_id: r.deviceId,
        param_keys: JSON.stringify(r.keys),
        placement: r.placement,
        created_at: at,
      })),
    )
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
