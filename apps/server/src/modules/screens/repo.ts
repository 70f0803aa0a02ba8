import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/connect';
import { deleteByIds, insertRow, pageOfQuery, updateById } from '../../db/rows';
import type { Database } from '../../db/schema';
import { merchantWide, type Scope, scoped } from '../../db/scope';
import { anyContains } from '../../db/search';

/** Multi-park screens of the caller's merchant, and the parks they show (`screen_groups`). */

const screens = (db: Db, scope: Scope) => scoped(db, scope).selectFrom('screens as s');

/** The screen shows one of the caller's parks (the park is joined in scope). */
const showsAPark = (eb: ExpressionBuilder<Database & { s: Database['screens'] }, 's'>) =>
  eb.exists(
    eb
      .selectFrom('screen_groups as sg')
      .innerJoin('groups as g', 'g.id', 'sg.group_id')
      .select('sg.group_id')
      .whereRef('sg.screen_id', '=', 's.id'),
  );

/** Screens that show at least one park the caller may see: the screens it may open. */
export const listVisibleScreens = (db: Db, scope: Scope) =>
  screens(db, scope).select(['s.id', 's.title', 's.address']).where(showsAPark).orderBy('s.id').execute();

/**
 * The screens the management page shows: those that show one of the caller's parks, or no park at all
 * (just made, or its parks were removed).
 */
function managed(db: Db, scope: Scope) {
  return screens(db, scope)
    .select(['s.id', 's.title', 's.address', 's.created_at'])
    .where((eb) =>
      eb.or([
        showsAPark(eb),
        eb.not(
          eb.exists(eb.selectFrom('screen_groups as sg').select('sg.group_id').whereRef('sg.screen_id', '=', 's.id')),
        ),
      ]),
    );
}

export function listScreens(db: Db, scope: Scope, q: { keyword?: string; pageNum: number; pageSize: number }) {
  let list = managed(db, scope);
  if (q.keyword) list = list.where(anyContains(['s.title', 's.address'], q.keyword));
  return pageOfQuery(list.orderBy('s.id'), q);
}

export const findScreen = (db: Db, scope: Scope, screenId: number) =>
  managed(db, scope).where('s.id', '=', screenId).executeTakeFirst();

export const insertScreen = (db: Db, scope: Scope, title: string, address: string, now: number) =>
  insertRow(db, scope, 'screens', { merchant_id: scope.merchantId, title, address, created_at: now });

export const updateScreen = (db: Db, scope: Scope, screenId: number, title: string, address: string) =>
  updateById(db, scope, 'screens', screenId, { title, address });

export async function deleteScreen(db: Db, scope: Scope, screenId: number) {
  // Parks bound to it (alterGroupScreen), in any park of the merchant, fall back to no screen; the foreign
  // key says the same.
  await merchantWide(db, scope.merchantId)
    .updateTable('groups')
    .set({ screen_id: null })
    .where('screen_id', '=', screenId)
    .execute();
  await db.deleteFrom('screen_groups').where('screen_id', '=', screenId).execute();
  await deleteByIds(db, scope, 'screens', [screenId]);
}
