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

/** A park's devices that have a place on the map. */
export function placedDevices(db: Db, scope: Scope, groupId: number) {
  return scoped(db, scope, groupId)
    .selectFrom('devices')
    .select(['id', 'longitude', 'latitude'])
    .where('longitude', 'is not', null)
    .where('latitude', 'is not', null)
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
