import type { Db } from '../../db/connect';
import { pageOfQuery } from '../../db/rows';
import { inNames, merchantWide, type Scope, scoped } from '../../db/scope';
import { anyContains } from '../../db/search';

/** Devices with the zone of their park (a device without a park has none). */
function devices<D extends Db>(db: D) {
  return db
    .selectFrom('devices')
    .leftJoin('groups', 'groups.id', 'devices.group_id')
    .select(['devices.id', 'devices.merchant_id', 'devices.group_id', 'devices.serial', 'devices.name'])
    .select(['devices.device_class', 'devices.online', 'groups.time_zone']);
}

/** A device of the caller's merchant AND one of its parks. */
export const findScopedDevice = (db: Db, scope: Scope, deviceId: number) =>
  devices(scoped(db, scope)).where('devices.id', '=', deviceId).executeTakeFirst();

/** The device an installer token names, with the secret hash it was issued against (checked on every use). */
export const findTokenDevice = (db: Db, merchantId: number, deviceId: number) =>
  devices(merchantWide(db, merchantId))
    .select('devices.secret_hash')
    .where('devices.id', '=', deviceId)
    .executeTakeFirst();

/** The device picker: one park of the caller, the classes it may work with, by serial or name. */
export function listParkDevices(
  db: Db,
  scope: Scope,
  q: { groupId: number; keyword?: string; classes: readonly string[]; pageNum: number; pageSize: number },
) {
  let list = devices(scoped(db, scope, q.groupId)).where('devices.device_class', 'in', inNames(q.classes));
  // escaped and case-blind on both engines (a bare LIKE was case-sensitive on PostgreSQL and read % and _ as wildcards)
  if (q.keyword) list = list.where(anyContains(['devices.serial', 'devices.name'], q.keyword));
  return pageOfQuery(list.orderBy('devices.name').orderBy('devices.id'), q);
}
