import type { Db } from '../../../db/connect';
import { pageOfQuery } from '../../../db/rows';
import { type Scope, scoped } from '../../../db/scope';

/** Kysely for a park's traceability clips. */
export interface VideoListQuery {
  groupId: number;
  keyword?: string;
  areaPointId?: number;
  plantingId?: number;
  pageNum: number;
  pageSize: number;
}

export function listVideos(db: Db, scope: Scope, q: VideoListQuery) {
  let base = scoped(db, scope, q.groupId)
    .selectFrom('production_videos as v')
    .leftJoin('area_points as a', 'a.id', 'v.area_point_id');
  if (q.areaPointId) base = base.where('v.area_point_id', '=', q.areaPointId);
  if (q.plantingId) base = base.where('v.planting_id', '=', q.plantingId);
  if (q.keyword) base = base.where('v.title', 'like', `%${q.keyword}%`);
  return pageOfQuery(
    base.selectAll('v').select('a.name as area_name').orderBy('v.shot_on', 'desc').orderBy('v.id', 'desc'),
    q,
  );
}
