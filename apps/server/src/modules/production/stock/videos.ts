import type { AddVideoQuery, Paged, TraceVideo } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { pageOf } from '../../../db/paging';
import { inList } from '../../../db/scope';
import { notFound } from '../../../http/apiError';
import { requirePark } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';

/** Traceability clips of a park (/productionManagement/videoManagement). */
export async function listVideos(
  db: Db,
  auth: AuthContext,
  q: {
    groupId: number;
    keyword?: string;
    areaPointId?: number;
    plantingId?: number;
    pageNum: number;
    pageSize: number;
  },
): Promise<Paged<TraceVideo>> {
  requirePark(auth, q.groupId);
  let base = db
    .selectFrom('production_videos as v')
    .leftJoin('area_points as a', (j) =>
      j.onRef('a.id', '=', 'v.area_point_id').on('a.merchant_id', '=', auth.merchantId),
    )
    .where('v.merchant_id', '=', auth.merchantId)
    .where('v.group_id', 'in', inList(auth.groupIds))
    .where('v.group_id', '=', q.groupId);
  if (q.areaPointId) base = base.where('v.area_point_id', '=', q.areaPointId);
  if (q.plantingId) base = base.where('v.planting_id', '=', q.plantingId);
  if (q.keyword) base = base.where('v.title', 'like', `%${q.keyword}%`);
  const { rows, total } = await pageOf(
    base.selectAll('v').select('a.name as area_name').orderBy('v.shot_on', 'desc').orderBy('v.id', 'desc'),
    base.select((eb) => eb.fn.countAll<number>().as('n')),
    q,
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      groupId: r.group_id,
      title: r.title,
      areaPointId: r.area_point_id,
      areaName: r.area_name ?? null,
      plantingId: r.planting_id,
      shotOn: r.shot_on,
      bytes: Number(r.bytes),
      createdAt: Number(r.created_at),
    })),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

/** Checks the park, plot and planting first; `store` writes the file only then. */
export async function addVideo(
  db: Db,
  auth: AuthContext,
  q: AddVideoQuery,
  store: () => Promise<{ sha256: string; bytes: number }>,
) {
  requirePark(auth, q.groupId);
  if (q.areaPointId !== null) {
    const plot = await db
      .selectFrom('area_points')
      .select('id')
      .where('id', '=', q.areaPointId)
      .where('merchant_id', '=', auth.merchantId)
      .where('group_id', '=', q.groupId)
      .executeTakeFirst();
    if (!plot) throw notFound(`areaPointId ${q.areaPointId}: plot`);
  }
  if (q.plantingId !== null) {
    const planting = await db
      .selectFrom('production_plantings')
      .select('id')
      .where('id', '=', q.plantingId)
      .where('merchant_id', '=', auth.merchantId)
      .where('group_id', '=', q.groupId)
      .executeTakeFirst();
    if (!planting) throw notFound(`plantingId ${q.plantingId}: planting`);
  }
  const file = await store();
  const row = await db
    .insertInto('production_videos')
    .values({
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

export async function videoOf(db: Db, auth: AuthContext, id: number) {
  const v = await db
    .selectFrom('production_videos')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', auth.merchantId)
    .where('group_id', 'in', inList(auth.groupIds))
    .executeTakeFirst();
  if (!v) throw notFound(`id ${id}: video`);
  return v;
}

/** A clip's file goes when the last record naming it goes (uploads are content-addressed). */
export async function removeVideos(db: Db, auth: AuthContext, ids: number[], drop: (sha256: string) => Promise<void>) {
  const rows = await Promise.all(ids.map((id) => videoOf(db, auth, id)));
  await db
    .deleteFrom('production_videos')
    .where('id', 'in', inList(ids))
    .where('merchant_id', '=', auth.merchantId)
    .where('group_id', 'in', inList(auth.groupIds))
    .execute();
  for (const sha of new Set(rows.map((r) => r.sha256))) {
    const left = await db.selectFrom('production_videos').select('id').where('sha256', '=', sha).executeTakeFirst();
    if (!left) await drop(sha);
  }
  return null;
}
