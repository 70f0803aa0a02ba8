import type { Db } from '../../db/connect';
import { pageOf } from '../../db/paging';
import { inList, type Scope } from '../../db/scope';

const COLUMNS = [
  'devices.id',
  'devices.merchant_id',
  'devices.group_id',
  'devices.serial',
  'devices.name',
  'devices.device_class',
  'devices.online',
  'groups.time_zone',
] as const;

/** A device of the caller's merchant AND one of its parks (the tenant boundary, in the query). */
export function findScopedDevice(db: Db, scope: Scope, deviceId: number) {
  return db
    .selectFrom('devices')
    .leftJoin('groups', 'groups.id', 'devices.group_id')
    .select(COLUMNS)
    .where('devices.id', '=', deviceId)
    .where('devices.merchant_id', '=', scope.merchantId)
    .where('devices.group_id', 'in', inList(scope.groupIds))
    .executeTakeFirst();
}

/** The device an installer token names, with the secret hash it was issued against (checked on every use). */
export function findTokenDevice(db: Db, merchantId: number, deviceId: number) {
  return db
    .selectFrom('devices')
    .leftJoin('groups', 'groups.id', 'devices.group_id')
    .select([...COLUMNS, 'devices.secret_hash'])
    .where('devices.id', '=', deviceId)
    .where('devices.merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/** The device picker: one park of the caller, the classes it may work with, by serial or name. */
export function listParkDevices(
  db: Db,
  scope: Scope,
  q: { groupId: number; keyword?: string; classes: readonly string[]; pageNum: number; pageSize: number },
) {
  let base = db
    .selectFrom('devices')
    .leftJoin('groups', 'groups.id', 'devices.group_id')
    .where('devices.merchant_id', '=', scope.merchantId)
    .where('devices.group_id', 'in', inList(scope.groupIds))
    .where('devices.group_id', '=', q.groupId)
    .where('devices.device_class', 'in', q.classes.length ? [...q.classes] : ['-']);
  const keyword = q.keyword;
  if (keyword)
    base = base.where((eb) =>
      eb.or([eb('devices.serial', 'like', `%${keyword}%`), eb('devices.name', 'like', `%${keyword}%`)]),
    );
  return pageOf(
    base.select(COLUMNS).orderBy('devices.name').orderBy('devices.id'),
    base.select((eb) => eb.fn.countAll<number>().as('n')),
    q,
  );
}
