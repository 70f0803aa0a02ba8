import type { Db } from '../../../db/connect';
import { type Scope, scoped } from '../../../db/scope';

/** Kysely for a tree's care records: production's farm work rows that carry its id. */

/** The tree's care records, newest first (only those done, for consumers). */
export function careOf(db: Db, scope: Scope, treeId: number, onlyDone = false) {
  return scoped(db, scope)
    .selectFrom('production_farm_work')
    .select(['id', 'type', 'status', 'planned_on', 'done_on', 'notes'])
    .where('tree_id', '=', treeId)
    .$if(onlyDone, (q) => q.where('status', '=', 'done'))
    .orderBy('planned_on', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
}

/** Marks farm work as done on the tree (the work itself is production's, made by its service). */
export async function linkWork(db: Db, scope: Scope, treeId: number, workIds: number[]) {
  await scoped(db, scope)
    .updateTable('production_farm_work')
    .set({ tree_id: treeId })
    .where('id', 'in', workIds)
    .execute();
}

export function workOfTree(db: Db, scope: Scope, treeId: number, workId: number) {
  return scoped(db, scope)
    .selectFrom('production_farm_work')
    .select('id')
    .where('id', '=', workId)
    .where('tree_id', '=', treeId)
    .executeTakeFirst();
}
