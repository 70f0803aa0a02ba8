import type { Db } from '../../../db/connect';
import { pageOfQuery, updateById } from '../../../db/rows';
import { type Scope, scoped } from '../../../db/scope';

/** Kysely for a park's machinery and its maintenance log. */
export interface MachineryFilter {
  groupId: number;
  keyword?: string;
  status?: string;
}
type Page = { pageNum: number; pageSize: number };

function machines(db: Db, scope: Scope, q: MachineryFilter) {
  let base = scoped(db, scope, q.groupId).selectFrom('production_machinery');
  if (q.status) base = base.where('status', '=', q.status);
  if (q.keyword) {
    const like = `%${q.keyword}%`;
    base = base.where((eb) => eb.or([eb('name', 'like', like), eb('model', 'like', like), eb('plate', 'like', like)]));
  }
  return base;
}

const sorted = (db: Db, scope: Scope, q: MachineryFilter) =>
  machines(db, scope, q).selectAll().orderBy('name').orderBy('id');

export const listMachinery = (db: Db, scope: Scope, q: MachineryFilter & Page) => pageOfQuery(sorted(db, scope, q), q);

export const allMachinery = (db: Db, scope: Scope, q: MachineryFilter) => sorted(db, scope, q).execute();

/** Machines still in service; with `dueBy`, only those whose maintenance falls due by that day. */
export function workingMachines(db: Db, scope: Scope, groupId: number, dueBy?: string) {
  let q = machines(db, scope, { groupId }).select(['id', 'name', 'next_due_on']).where('status', '!=', 'scrapped');
  if (dueBy !== undefined) q = q.where('next_due_on', 'is not', null).where('next_due_on', '<=', dueBy);
  return q.orderBy(dueBy === undefined ? 'name' : 'next_due_on').execute();
}

const maintenanceOf = (db: Db, scope: Scope, machineryId: number) =>
  scoped(db, scope)
    .selectFrom('production_maintenance')
    .where('machinery_id', '=', machineryId)
    .orderBy('done_on', 'desc')
    .orderBy('id', 'desc');

export const listMaintenance = (db: Db, scope: Scope, machineryId: number, page: Page) =>
  pageOfQuery(maintenanceOf(db, scope, machineryId).selectAll(), page);

/** The machine's next due day follows its latest record (by day, then by entry). */
export async function refreshNextDue(db: Db, scope: Scope, machineryId: number) {
  const latest = await maintenanceOf(db, scope, machineryId).select('next_due_on').executeTakeFirst();
  await updateById(db, scope, 'production_machinery', machineryId, {
    next_due_on: latest?.next_due_on ?? null,
    updated_at: Date.now(),
  });
}
