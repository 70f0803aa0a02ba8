import type { Db } from '../../db/connect';
import { inList, type Scope } from '../../db/scope';

/** The camera-class devices of one of the caller's parks, by name. */
export function camerasOfPark(db: Db, scope: Scope, groupId: number) {
  return db
    .selectFrom('devices')
    .select(['id', 'serial', 'name', 'group_id', 'online', 'last_seen_at', 'longitude', 'latitude'])
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('group_id', '=', groupId)
    .where('device_class', '=', 'camera')
    .orderBy('name')
    .orderBy('id')
    .execute();
}
