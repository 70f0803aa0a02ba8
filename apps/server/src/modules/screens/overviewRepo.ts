import type { Db } from '../../db/connect';
import { rowById } from '../../db/rows';
import { type Scope, scoped } from '../../db/scope';

/**
 * Per-park counts for the screens, one grouped query each over all the parks asked (a multi-park screen
 * asks for a handful at once every minute). Every query is limited to the caller's merchant and to the
 * parks asked among the caller's.
 */

export const findScreen = (db: Db, scope: Scope, screenId: number) => rowById(db, scope, 'screens', screenId);

/** The parks a screen shows that the caller may see, with their map point. */
export function screenParks(db: Db, scope: Scope, screenId: number) {
  return scoped(db, scope)
    .selectFrom('screen_groups as sg')
    .innerJoin('screens as s', 's.id', 'sg.screen_id')
    .innerJoin('groups as g', 'g.id', 'sg.group_id')
    .leftJoin('group_points as gp', 'gp.group_id', 'g.id')
    .select(['g.id', 'g.name', 'g.area', 'g.longitude', 'g.latitude', 'g.time_zone'])
    .select(['gp.longitude as point_longitude', 'gp.latitude as point_latitude', 'gp.boundary'])
    .where('s.id', '=', screenId)
    .orderBy('g.id')
    .execute();
}

export async function deviceCounts(db: Db, scope: Scope, groupIds: readonly number[]) {
  const rows = await scoped(db, scope, groupIds)
    .selectFrom('devices')
    .select(['group_id', 'online', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy(['group_id', 'online'])
    .execute();
  const out = new Map<number, { total: number; online: number }>();
  for (const r of rows) {
    const c = out.get(Number(r.group_id)) ?? { total: 0, online: 0 };
    c.total += Number(r.n);
    if (Number(r.online)) c.online += Number(r.n);
    out.set(Number(r.group_id), c);
  }
  return out;
}

/** Alarms not cleared, per park. */
export async function openAlarmCounts(db: Db, scope: Scope, groupIds: readonly number[]) {
  const rows = await scoped(db, scope, groupIds)
    .selectFrom('alarms')
    .select(['group_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('state', '!=', 'cleared')
    .groupBy('group_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.group_id), Number(r.n)]));
}

/** Growing plantings per park and crop: area and count. */
export function growingCrops(db: Db, scope: Scope, groupIds: readonly number[]) {
  return scoped(db, scope, groupIds)
    .selectFrom('production_plantings as p')
    .innerJoin('production_crops as c', 'c.id', 'p.crop_id')
    .select([
      'p.group_id',
      'c.name as crop',
      (eb) => eb.fn.sum<number | string>('p.area_mu').as('area'),
      (eb) => eb.fn.countAll<number | string>().as('n'),
    ])
    .where('p.status', '=', 'growing')
    .groupBy(['p.group_id', 'c.name'])
    .execute();
}

/** Harvested quantity per unit of one park between two park days (inclusive). */
export function harvestByUnit(db: Db, scope: Scope, groupId: number, from: string, to: string) {
  return scoped(db, scope, groupId)
    .selectFrom('production_harvests')
    .select(['unit', (eb) => eb.fn.sum<number | string>('quantity').as('quantity')])
    .where('harvested_on', '>=', from)
    .where('harvested_on', '<=', to)
    .groupBy('unit')
    .execute();
}

/** Consumers' scans of the product codes of one park's trace batches: since `from`, and in all. */
export async function codeScans(db: Db, scope: Scope, groupId: number, from: number) {
  const row = await scoped(db, scope, groupId)
    .selectFrom('trace_code_scans as s')
    .innerJoin('trace_batches as b', 'b.id', 's.batch_id')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.sum<number | string>(eb.case().when('s.scanned_at', '>=', from).then(1).else(0).end()).as('today'),
    ])
    .executeTakeFirst();
  return { today: Number(row?.today ?? 0), total: Number(row?.total ?? 0) };
}
