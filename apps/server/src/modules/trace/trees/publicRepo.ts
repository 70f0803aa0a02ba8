import type { Db } from '../../../db/connect';

/**
 * Kysely for the public tree page. A reader has no login: it holds only the code on the tag, then the ids of
 * that tree's row.
 */

/** The tree with this code and what its page names: park, address, zone and plot. */
export function treeByCode(db: Db, code: string) {
  return db
    .selectFrom('trace_trees as t')
    .innerJoin('groups as g', 'g.id', 't.group_id')
    .leftJoin('area_points as a', 'a.id', 't.area_point_id')
    .select(['t.id', 't.merchant_id', 't.group_id', 't.code', 't.species', 't.variety', 't.planted_year'])
    .select(['g.name as park', 'g.address', 'g.time_zone', 'a.name as plot'])
    .where('t.code', '=', code)
    .executeTakeFirst();
}

/**
 * Counts a visit's scan once: the (tree, visit) key takes it the first time only; answers the tree's counts
 * after it.
 */
export async function countVisit(db: Db, treeId: number, visit: string, ip: string, at: number) {
  const taken = await db
    .insertInto('trace_tree_scans')
    .values({ tree_id: treeId, visit, ip, at })
    .onConflict((oc) => oc.columns(['tree_id', 'visit']).doNothing())
    .executeTakeFirst();
  if (Number(taken.numInsertedOrUpdatedRows ?? 0) > 0)
    await db
      .updateTable('trace_trees')
      .set((eb) => ({
        scan_count: eb('scan_count', '+', 1),
        first_scan_at: eb.fn.coalesce('first_scan_at', eb.val(at)),
        last_scan_at: at,
      }))
      .where('id', '=', treeId)
      .execute();
  return db
    .selectFrom('trace_trees')
    .select(['scan_count', 'first_scan_at'])
    .where('id', '=', treeId)
    .executeTakeFirstOrThrow();
}

/** A photo of the tree with this code (the code is the secret, as on the tag). */
export function photoByCode(db: Db, code: string, photoId: number) {
  return db
    .selectFrom('trace_tree_photos as p')
    .innerJoin('trace_trees as t', 't.id', 'p.tree_id')
    .select(['p.sha256', 'p.mime'])
    .where((eb) => eb.and({ 'p.id': photoId, 't.code': code }))
    .executeTakeFirst();
}
