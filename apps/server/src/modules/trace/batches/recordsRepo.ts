import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../../db/connect';
import { inList, type Scope, scoped } from '../../../db/scope';

/**
 * Kysely for the park's records a batch draws on (plantings, harvests, reports, clips, done farm work): the
 * form's options read all of a park's, a snapshot only the batch's links (`ids`). Columns are listed, never
 * `selectAll`: collect.ts copies from these rows what a consumer may see, and nothing here names a person.
 */

/** Which records: the given ids (a batch's links) or the park's all; oldest first unless `newestFirst`. */
export interface Which {
  ids?: readonly number[];
  newestFirst?: boolean;
  limit?: number;
}

// biome-ignore lint/suspicious/noExplicitAny: one tail for four tables; each caller's builder keeps its rows' type.
type AnySelect<O> = SelectQueryBuilder<any, any, O>;

/** The ids asked for, in day order (id breaks ties), at most `limit`. */
function listed<O>(q: AnySelect<O>, w: Which, day: string, id = 'id'): Promise<O[]> {
  const order = w.newestFirst ? 'desc' : 'asc';
  let s = q;
  if (w.ids !== undefined) s = s.where(id, 'in', inList(w.ids));
  s = s.orderBy(day, order).orderBy(id, order);
  return (w.limit === undefined ? s : s.limit(w.limit)).execute();
}

export function plantingsOf(db: Db, scope: Scope, w: Which = {}) {
  const q = scoped(db, scope)
    .selectFrom('production_plantings as p')
    .innerJoin('production_crops as c', 'c.id', 'p.crop_id')
    .leftJoin('area_points as a', 'a.id', 'p.area_point_id')
    .select(['p.id', 'p.status', 'p.area_point_id', 'p.area_mu', 'p.variety', 'p.sown_on', 'p.transplanted_on'])
    .select(['c.name as crop', 'c.variety as crop_variety', 'a.name as plot']);
  return listed(q, w, 'p.sown_on', 'p.id');
}

const HARVEST = ['id', 'planting_id', 'harvested_on', 'quantity', 'unit', 'grade', 'override_reason'] as const;
export const harvestsOf = (db: Db, scope: Scope, w: Which = {}) =>
  listed(scoped(db, scope).selectFrom('production_harvests').select(HARVEST), w, 'harvested_on');

const REPORT = ['id', 'agency', 'report_no', 'sampled_on', 'reported_on', 'valid_until', 'items', 'passed'] as const;
/** A report's file, which a snapshot shows by a token. */
const REPORT_FILE = ['file_sha256', 'file_mime', 'file_type'] as const;
export const reportsOf = (db: Db, scope: Scope, w: Which = {}) =>
  listed(scoped(db, scope).selectFrom('trace_reports').select(REPORT).select(REPORT_FILE), w, 'reported_on');

const VIDEO = ['id', 'title', 'planting_id', 'shot_on', 'sha256'] as const;
export const videosOf = (db: Db, scope: Scope, w: Which = {}) =>
  listed(scoped(db, scope).selectFrom('production_videos').select(VIDEO), w, 'shot_on');

/** The park itself, as the farm section names it. */
export function parkOf(db: Db, scope: Scope, groupId: number) {
  return scoped(db, scope)
    .selectFrom('groups')
    .select(['name', 'address'])
    .where('id', '=', groupId)
    .executeTakeFirstOrThrow();
}

/** Done farm work of the plantings from `from` to `to` (open while undefined), with its plot. */
export function doneWorkOf(db: Db, scope: Scope, plantingIds: readonly number[], from: string, to?: string) {
  return scoped(db, scope)
    .selectFrom('production_farm_work as w')
    .leftJoin('area_points as a', 'a.id', 'w.area_point_id')
    .select(['w.id', 'w.type', 'w.done_on', 'w.source', 'w.water_m3', 'w.fertiliser', 'a.name as plot'])
    .where('w.status', '=', 'done')
    .where('w.planting_id', 'in', inList(plantingIds))
    .where('w.done_on', '>=', from)
    .$if(to !== undefined, (q) => q.where('w.done_on', '<=', to as string))
    .orderBy('w.done_on')
    .orderBy('w.id')
    .execute();
}

/** The materials each farm work used, by name. */
export function materialsOfWork(db: Db, scope: Scope, workIds: readonly number[]) {
  if (workIds.length === 0) return Promise.resolve([]);
  return scoped(db, scope)
    .selectFrom('production_farm_work_materials as l')
    .innerJoin('production_materials as m', 'm.id', 'l.material_id')
    .select(['l.farm_work_id', 'l.quantity', 'm.name', 'm.unit'])
    .where('l.farm_work_id', 'in', workIds)
    .orderBy('m.name')
    .execute();
}
