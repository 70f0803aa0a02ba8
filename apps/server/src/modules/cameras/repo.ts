import type { Db } from '../../db/connect';
import { inList, type Scope } from '../../db/scope';

/** The camera-class devices of one of the caller's parks, by name, with their video settings (if set up). */
export function camerasOfPark(db: Db, scope: Scope, groupId: number) {
  return db
    .selectFrom('devices as d')
    .leftJoin('video_cameras as v', 'v.device_id', 'd.id')
    .select(['d.id', 'd.serial', 'd.name', 'd.group_id', 'd.online', 'd.last_seen_at', 'd.longitude', 'd.latitude'])
    .select(['v.kind', 'v.ptz', 'v.purpose', 'v.enabled', 'v.plot_id'])
    .where('d.merchant_id', '=', scope.merchantId)
    .where('d.group_id', 'in', inList(scope.groupIds))
    .where('d.group_id', '=', groupId)
    .where('d.device_class', '=', 'camera')
    .orderBy('d.name')
    .orderBy('d.id')
    .execute();
}
