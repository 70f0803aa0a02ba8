import type { Db } from '../../db/connect';
import { pageOf } from '../../db/paging';
import { inList, type Scope } from '../../db/scope';

const COLUMNS = ['id', 'merchant_id', 'group_id', 'serial', 'name', 'device_class', 'online'] as const;

/** A device of the caller's merchant AND one of its parks (the tenant boundary, in the query). */
export function findScopedDevice(db: Db, scope: Scope, deviceId: number) {
  return db
    .selectFrom('devices')
    .select(COLUMNS)
    .where('id', '=', deviceId)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .executeTakeFirst();
}

/** The device an installer token names, with the secret hash it was issued against (checked on every use). */
export function findTokenDevice(db: Db, merchantId: number, deviceId: number) {
  return db
    .selectFrom('devices')
    .select([...COLUMNS, 'secret_hash'])
    .where('id', '=', deviceId)
    .where('merchant_id', '=', merchantId)
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
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('group_id', '=', q.groupId)
    .where('device_class', 'in', q.classes.length ? [...q.classes] : ['-']);
  const keyword = q.keyword;
  if (keyword)
    base = base.where((eb) => eb.or([eb('serial', 'like', `%${keyword}%`), eb('name', 'like', `%${keyword}%`)]));
  return pageOf(
    base.select(COLUMNS).orderBy('name').orderBy('id'),
    base.select((eb) => eb.fn.countAll<number>().as('n')),
    q,
  );
}
