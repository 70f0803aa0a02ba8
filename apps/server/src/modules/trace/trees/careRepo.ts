import type { Db } from '../../../db/connect';

/** The tree's care records: production's farm work rows that carry its id, newest first. */
export function careOf(db: Db, merchantId: number, treeId: number, onlyDone = false) {
  let q = db
    .selectFrom('production_farm_work')
    .select(['id', 'type', 'status', 'planned_on', 'done_on', 'notes'])
    .where('tree_id', '=', treeId)
    .where('merchant_id', '=', merchantId);
  if (onlyDone) q = q.where('status', '=', 'done');
  return q.orderBy('planned_on', 'desc').orderBy('id', 'desc').limit(500).execute();
}

export function materialsOf(db: Db, merchantId: number, workIds: number[]) {
  if (workIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('production_farm_work_materials as l')
    .innerJoin('production_materials as m', 'm.id', 'l.material_id')
    .select(['l.farm_work_id', 'm.name', 'm.unit', 'l.quantity'])
    .where('l.farm_work_id', 'in', workIds)
    .where('l.merchant_id', '=', merchantId)
    .orderBy('m.name')
    .execute();
}

/** Marks farm work as done on the tree (the work itself is production's, made by its service). */
export async function linkWork(db: Db, merchantId: number, treeId: number, workIds: number[]) {
  await db
    .updateTable('production_farm_work')
    .set({ tree_id: treeId })
    .where('id', 'in', workIds)
    .where('merchant_id', '=', merchantId)
    .execute();
}

export function workOfTree(db: Db, merchantId: number, treeId: number, workId: number) {
  return db
    .selectFrom('production_farm_work')
    .select('id')
    .where('id', '=', workId)
    .where('tree_id', '=', treeId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}
