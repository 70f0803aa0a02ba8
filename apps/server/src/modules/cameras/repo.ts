import type { Db } from '../../db/connect';
import { type Scope, scoped } from '../../db/scope';

/** The camera-class devices of one of the caller's parks, by name, with their video settings (if set up). */
export function camerasOfPark(db: Db, scope: Scope, groupId: number) {
  return scoped(db, scope, groupId)
    .selectFrom('devices as d')
    .leftJoin('video_cameras as v', 'v.device_id', 'd.id')
    .select(['d.id', 'd.serial', 'd.name', 'd.group_id', 'd.online', 'd.last_seen_at', 'd.longitude', 'd.latitude'])
    .select(['v.kind', 'v.ptz', 'v.purpose', 'v.enabled', 'v.plot_id', 'v.fault', 'v.failures'])
    .where('d.device_class', '=', 'camera')
    .orderBy('d.name')
    .orderBy('d.id')
    .execute();
}
