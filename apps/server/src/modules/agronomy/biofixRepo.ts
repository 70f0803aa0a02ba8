import type { Insertable } from 'kysely';
import type { Db } from '../../db/connect';
import type { PestBiofixesTable } from '../../db/pestsSchema';
import { type Scope, scoped } from '../../db/scope';

/** What the biofix reads and keeps: the park's trap checks of a category and the operator's biofixes. */

/**
 * Every picture of the park's traps of a class taken in [from, to) with the detections of one category on
 * it (0 when none), per trap in time order: the trap's checks, after the staff's corrections (the
 * detections as they are now, as the statistics and the trap count alarms count them).
 */
export function trapChecks(
  db: Db,
  scope: Scope,
  groupId: number,
  deviceClass: string,
  categoryId: number,
  from: number,
  to: number,
) {
  return scoped(db, scope, groupId)
    .selectFrom('devices as d')
    .innerJoin('device_images as i', 'i.device_id', 'd.id')
    .leftJoin('image_detections as x', (j) => j.onRef('x.image_id', '=', 'i.id').on('x.category_id', '=', categoryId))
    .select(['d.id as device_id', 'd.name', 'i.id', 'i.taken_at', (eb) => eb.fn.count<number | string>('x.id').as('n')])
    .where('d.device_class', '=', deviceClass)
    .where('i.taken_at', '>=', from)
    .where('i.taken_at', '<', to)
    .groupBy(['d.id', 'd.name', 'i.id', 'i.taken_at'])
    .orderBy('d.id')
    .orderBy('i.taken_at')
    .orderBy('i.id')
    .execute();
}

/** The operator's biofixes of a park and category for these seasons (by their start day). */
export function storedBiofixes(db: Db, scope: Scope, groupId: number, categoryId: number, seasons: string[]) {
  if (seasons.length === 0) return Promise.resolve([]);
  return scoped(db, scope, groupId)
    .selectFrom('pest_biofixes')
    .selectAll()
    .where('category_id', '=', categoryId)
    .where('season_start', 'in', seasons)
    .execute();
}

export async function saveBiofix(db: Db, scope: Scope, row: Insertable<PestBiofixesTable>) {
  const { biofix_on, trap_on, user_id, updated_at } = row;
  await scoped(db, scope, row.group_id)
    .insertInto('pest_biofixes')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['group_id', 'category_id', 'season_start']).doUpdateSet({ biofix_on, trap_on, user_id, updated_at }),
    )
    .execute();
}

export async function deleteBiofix(db: Db, scope: Scope, groupId: number, categoryId: number, season: string) {
  await scoped(db, scope, groupId)
    .deleteFrom('pest_biofixes')
    .where('category_id', '=', categoryId)
    .where('season_start', '=', season)
    .execute();
}
