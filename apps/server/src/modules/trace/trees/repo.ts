import type { Db } from '../../../db/connect';
import { deleteByIds, insertRow, pageOfQuery, updateById } from '../../../db/rows';
import { merchantWide, type Scope, scoped } from '../../../db/scope';

/** Kysely for trees and their photos; care records are production's farm work (careRepo.ts). */

/** Trees of the scope's parks (or of one), with the names a list shows and how many photos and care records. */
function withNames(db: Db, scope: Scope, q: { keyword?: string; groupId?: number; areaPointId?: number }) {
  const k = `%${q.keyword}%`;
  return scoped(db, scope, q.groupId)
    .selectFrom('trace_trees as t')
    .innerJoin('groups as g', 'g.id', 't.group_id')
    .leftJoin('area_points as a', 'a.id', 't.area_point_id')
    .$if(q.areaPointId !== undefined, (s) => s.where('t.area_point_id', '=', q.areaPointId as number))
    .$if(!!q.keyword, (s) =>
      s.where((eb) => eb.or([eb('t.code', 'like', k), eb('t.species', 'like', k), eb('t.variety', 'like', k)])),
    )
    .selectAll('t')
    .select((eb) => {
      const n = eb.fn.countAll<number>().as('n');
      return [
        'g.name as group_name',
        'a.name as plot_name',
        eb.selectFrom('trace_tree_photos as p').select(n).whereRef('p.tree_id', '=', 't.id').as('photo_count'),
        eb.selectFrom('production_farm_work as w').select(n).whereRef('w.tree_id', '=', 't.id').as('care_count'),
      ];
    });
}
export type TreeRow = Awaited<ReturnType<typeof findTree>> & object;

export function listTrees(
  db: Db,
  scope: Scope,
  q: { keyword?: string; groupId?: number; areaPointId?: number; pageNum: number; pageSize: number },
) {
  return pageOfQuery(withNames(db, scope, q).orderBy('t.id', 'desc'), q);
}

export function findTree(db: Db, scope: Scope, id: number) {
  return withNames(db, scope, {}).where('t.id', '=', id).executeTakeFirst();
}

/** A sheet's trees: the chosen ones, or every tree of the filter, in list order. */
export function treesForTags(db: Db, scope: Scope, q: { ids?: number[]; groupId?: number }) {
  return withNames(db, scope, { groupId: q.groupId })
    .$if(q.ids !== undefined, (s) => s.where('t.id', 'in', q.ids as number[]))
    .orderBy('t.id')
    .limit(1000)
    .execute();
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

export function insertTree(db: Db, scope: Scope, code: string, f: TreeFields) {
  const now = Date.now();
  return insertRow(db, scope, 'trace_trees', {
    ...f,
    merchant_id: scope.merchantId,
    code,
    created_at: now,
    updated_at: now,
  });
}

export async function updateTree(db: Db, scope: Scope, id: number, f: TreeFields) {
  await updateById(db, scope, 'trace_trees', id, { ...f, updated_at: Date.now() });
}

/**
 * Care records stay as farm work of the plot; they only lose their tree, wherever the tree's work was done
 * (a tree moved to another park keeps its earlier work): the tree is gone for every park.
 */
export function deleteTrees(db: Db, scope: Scope, ids: number[]) {
  return db.transaction().execute(async (trx) => {
    await merchantWide(trx, scope.merchantId)
      .updateTable('production_farm_work')
      .set({ tree_id: null })
      .where('tree_id', 'in', ids)
      .execute();
    await deleteByIds(trx, scope, 'trace_trees', ids);
  });
}

/** A plot of one of the caller's parks. */
export function plotOf(db: Db, scope: Scope, groupId: number, areaPointId: number) {
  return scoped(db, scope, groupId)
    .selectFrom('area_points')
    .select(['id', 'name'])
    .where('id', '=', areaPointId)
    .executeTakeFirst();
}

/** A tree's photos (photos are the merchant's: the tree's own scope was checked by whoever holds it). */
export function photosOf(db: Db, merchantId: number, treeId: number) {
  return merchantWide(db, merchantId)
    .selectFrom('trace_tree_photos')
    .select(['id', 'sha256', 'mime'])
    .where('tree_id', '=', treeId)
    .orderBy('id')
    .execute();
}

export function insertPhoto(db: Db, scope: Scope, treeId: number, sha256: string, mime: string) {
  const row = { tree_id: treeId, merchant_id: scope.merchantId, sha256, mime, created_at: Date.now() };
  return insertRow(db, scope, 'trace_tree_photos', row);
}

/** A photo of a tree the caller may see. */
export function findPhoto(db: Db, scope: Scope, photoId: number) {
  return scoped(db, scope)
    .selectFrom('trace_tree_photos as p')
    .innerJoin('trace_trees as t', 't.id', 'p.tree_id')
    .select(['p.id', 'p.sha256', 'p.mime', 'p.tree_id', 't.group_id', 't.code'])
    .where('p.id', '=', photoId)
    .executeTakeFirst();
}

export async function deletePhoto(db: Db, scope: Scope, photoId: number) {
  await deleteByIds(db, scope, 'trace_tree_photos', [photoId]);
}
