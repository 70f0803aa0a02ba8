import type { Db } from '../../../db/connect';
import { pageOf } from '../../../db/paging';
import { inList, type Scope } from '../../../db/scope';

/** Trees of the scope's parks, with the names a list shows and how many photos and care records each has. */
function filtered(db: Db, scope: Scope, q: { keyword?: string; groupId?: number; areaPointId?: number }) {
  let s = db
    .selectFrom('trace_trees as t')
    .where('t.merchant_id', '=', scope.merchantId)
    .where('t.group_id', 'in', inList(scope.groupIds));
  if (q.groupId !== undefined) s = s.where('t.group_id', '=', q.groupId);
  if (q.areaPointId !== undefined) s = s.where('t.area_point_id', '=', q.areaPointId);
  if (q.keyword) {
    const k = `%${q.keyword}%`;
    s = s.where((eb) => eb.or([eb('t.code', 'like', k), eb('t.species', 'like', k), eb('t.variety', 'like', k)]));
  }
  return s;
}

function withNames(db: Db, scope: Scope, q: { keyword?: string; groupId?: number; areaPointId?: number }) {
  return filtered(db, scope, q)
    .innerJoin('groups as g', 'g.id', 't.group_id')
    .leftJoin('area_points as a', (j) => j.onRef('a.id', '=', 't.area_point_id').onRef('a.group_id', '=', 't.group_id'))
    .selectAll('t')
    .select((eb) => [
      'g.name as group_name',
      'a.name as plot_name',
      eb
        .selectFrom('trace_tree_photos as p')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('p.tree_id', '=', 't.id')
        .as('photo_count'),
      eb
        .selectFrom('production_farm_work as w')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('w.tree_id', '=', 't.id')
        .where('w.merchant_id', '=', scope.merchantId)
        .as('care_count'),
    ]);
}
export type TreeRow = Awaited<ReturnType<typeof findTree>> & object;

export function listTrees(
  db: Db,
  scope: Scope,
  q: { keyword?: string; groupId?: number; areaPointId?: number; pageNum: number; pageSize: number },
) {
  return pageOf(
    withNames(db, scope, q).orderBy('t.id', 'desc'),
    filtered(db, scope, q).select((eb) => eb.fn.countAll<number>().as('n')),
    q,
  );
}

export function findTree(db: Db, scope: Scope, id: number) {
  return withNames(db, scope, {}).where('t.id', '=', id).executeTakeFirst();
}

/** A sheet's trees: the chosen ones, or every tree of the filter, in list order. */
export function treesForTags(db: Db, scope: Scope, q: { ids?: number[]; groupId?: number }) {
  let s = withNames(db, scope, { groupId: q.groupId });
  if (q.ids) s = s.where('t.id', 'in', q.ids);
  return s.orderBy('t.id').limit(1000).execute();
}

export interface TreeFields {
  group_id: number;
  area_point_id: number;
  species: string;
  variety: string;
  planted_year: number | null;
  longitude: number | null;
  latitude: number | null;
  remark: string;
}

export async function insertTree(db: Db, merchantId: number, code: string, f: TreeFields) {
  const now = Date.now();
  const r = await db
    .insertInto('trace_trees')
    .values({ ...f, merchant_id: merchantId, code, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateTree(db: Db, scope: Scope, id: number, f: TreeFields) {
  await db
    .updateTable('trace_trees')
    .set({ ...f, updated_at: Date.now() })
    .where('id', '=', id)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .execute();
}

/** Care records stay as farm work of the plot; they only lose their tree. */
export async function deleteTrees(db: Db, scope: Scope, ids: number[]) {
  await db
    .updateTable('production_farm_work')
    .set({ tree_id: null })
    .where('tree_id', 'in', ids)
    .where('merchant_id', '=', scope.merchantId)
    .execute();
  await db
    .deleteFrom('trace_trees')
    .where('id', 'in', ids)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .execute();
}

export function plotOf(db: Db, scope: Scope, groupId: number, areaPointId: number) {
  return db
    .selectFrom('area_points')
    .select(['id', 'name'])
    .where('id', '=', areaPointId)
    .where('group_id', '=', groupId)
    .where('merchant_id', '=', scope.merchantId)
    .executeTakeFirst();
}

export function photosOf(db: Db, merchantId: number, treeId: number) {
  return db
    .selectFrom('trace_tree_photos')
    .select(['id', 'sha256', 'mime'])
    .where('tree_id', '=', treeId)
    .where('merchant_id', '=', merchantId)
    .orderBy('id')
    .execute();
}

export async function insertPhoto(db: Db, merchantId: number, treeId: number, sha256: string, mime: string) {
  const r = await db
    .insertInto('trace_tree_photos')
    .values({ tree_id: treeId, merchant_id: merchantId, sha256, mime, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** A photo with its tree's park, so the caller's scope can be checked on it. */
export function findPhoto(db: Db, merchantId: number, photoId: number) {
  return db
    .selectFrom('trace_tree_photos as p')
    .innerJoin('trace_trees as t', 't.id', 'p.tree_id')
    .select(['p.id', 'p.sha256', 'p.mime', 'p.tree_id', 't.group_id', 't.code'])
    .where('p.id', '=', photoId)
    .where('p.merchant_id', '=', merchantId)
    .executeTakeFirst();
}

export async function deletePhoto(db: Db, merchantId: number, photoId: number) {
  await db.deleteFrom('trace_tree_photos').where('id', '=', photoId).where('merchant_id', '=', merchantId).execute();
}
