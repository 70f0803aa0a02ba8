import type { AddVideoQuery, Paged, TraceVideo } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { deleteByIds, insertRow } from '../../../db/rows';
import { paged } from '../../../http/lists';
import { requirePark, scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import { requireInPark, visibleRow } from './answers';
import * as repo from './videosRepo';

/** Traceability clips of a park (/productionManagement/videoManagement). */
export async function listVideos(db: Db, auth: AuthContext, q: repo.VideoListQuery): Promise<Paged<TraceVideo>> {
  requirePark(auth, q.groupId);
  return paged(q, await repo.listVideos(db, scopeOf(auth), q), (r) => ({
    id: r.id,
    groupId: r.group_id,
    title: r.title,
    areaPointId: r.area_point_id,
    areaName: r.area_name ?? null,
    plantingId: r.planting_id,
    shotOn: r.shot_on,
    bytes: Number(r.bytes),
    createdAt: Number(r.created_at),
  }));
}

/** Checks the park, plot and planting first; `store` writes the file only then. */
export async function addVideo(
  db: Db,
  auth: AuthContext,
  q: AddVideoQuery,
  store: () => Promise<{ sha256: string; bytes: number }>,
) {
  requirePark(auth, q.groupId);
  if (q.areaPointId !== null)
    await requireInPark(db, auth, q.groupId, 'area_points', [q.areaPointId], (id) => `areaPointId ${id}: plot`);
  if (q.plantingId !== null)
    await requireInPark(
      db,
      auth,
      q.groupId,
      'production_plantings',
      [q.plantingId],
      (id) => `plantingId ${id}: planting`,
    );
  const file = await store();
  const id = await insertRow(db, scopeOf(auth), 'production_videos', {
    merchant_id: auth.merchantId,
    group_id: q.groupId,
    title: q.title,
    area_point_id: q.areaPointId,
    planting_id: q.plantingId,
    shot_on: q.shotOn,
    sha256: file.sha256,
    bytes: file.bytes,
    user_id: auth.userId,
    created_at: Date.now(),
  });
  return { id };
}

export const videoOf = (db: Db, auth: AuthContext, id: number) =>
  visibleRow(db, auth, 'production_videos', id, `id ${id}: video`);

/** A clip's file goes with the file sweep once no record names it (files/sweep.ts), not here. */
export async function removeVideos(db: Db, auth: AuthContext, ids: number[]) {
  await Promise.all(ids.map((id) => videoOf(db, auth, id)));
  await deleteByIds(db, scopeOf(auth), 'production_videos', ids);
  return null;
}
