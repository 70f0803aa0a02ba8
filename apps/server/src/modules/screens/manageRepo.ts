import type { Db } from '../../db/connect';
import { inList, type Scope } from '../../db/scope';
import { anyContains } from '../../db/search';

/**
 * Kysely only: multi-park screens as the management page sees them. A screen is visible to a caller
 * when it shows one of the caller's parks, or no park at all (just made, or its parks were removed).
 */
function visible(db: Db, scope: Scope) {
  return db
    .selectFrom('screens as s')
    .where('s.merchant_id', '=', scope.merchantId)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('screen_groups as sg')
            .select('sg.group_id')
            .whereRef('sg.screen_id', '=', 's.id')
            .where('sg.group_id', 'in', inList(scope.groupIds)),
        ),
        eb.not(
          eb.exists(
            eb.selectFrom('screen_groups as sg2').select('sg2.group_id').whereRef('sg2.screen_id', '=', 's.id'),
          ),
        ),
      ]),
    );
}

export async function listScreens(
  db: Db,
  scope: Scope,
  keyword: string | undefined,
  pageNum: number,
  pageSize: number,
) {
  let base = visible(db, scope);
  if (keyword) base = base.where(anyContains(['s.title', 's.address'], keyword));
  const [rows, count] = await Promise.all([
    base
      .select(['s.id', 's.title', 's.address', 's.created_at'])
      .orderBy('s.id')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findScreen(db: Db, scope: Scope, screenId: number) {
  return visible(db, scope)
    .select(['s.id', 's.title', 's.address', 's.created_at'])
    .where('s.id', '=', screenId)
    .executeTakeFirst();
}

/** The parks each screen shows, among those the caller may see. */
export async function screenParks(db: Db, scope: Scope, screenIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(screenIds.map((id) => [id, []]));
  if (screenIds.length === 0) return out;
  const rows = await db
    .selectFrom('screen_groups as sg')
    .innerJoin('groups as g', 'g.id', 'sg.group_id')
    .select(['sg.screen_id', 'sg.group_id'])
    .where('sg.screen_id', 'in', screenIds)
    .where('g.merchant_id', '=', scope.merchantId)
    .where('g.id', 'in', inList(scope.groupIds))
    .orderBy('sg.group_id')
    .execute();
  for (const r of rows) out.get(r.screen_id)?.push(r.group_id);
  return out;
}

export async function insertScreen(db: Db, merchantId: number, title: string, address: string, now: number) {
  const row = await db
    .insertInto('screens')
    .values({ merchant_id: merchantId, title, address, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function updateScreen(db: Db, merchantId: number, screenId: number, title: string, address: string) {
  return db
    .updateTable('screens')
    .set({ title, address })
    .where('id', '=', screenId)
    .where('merchant_id', '=', merchantId)
    .execute();
}

/** Replaces the screen's parks among those the caller may see; others stay. */
export async function replaceScreenParks(db: Db, scope: Scope, screenId: number, groupIds: number[]) {
  await db
    .deleteFrom('screen_groups')
    .where('screen_id', '=', screenId)
    .where('group_id', 'in', inList(scope.groupIds))
    .execute();
  if (groupIds.length) {
    await db
      .insertInto('screen_groups')
      .values(groupIds.map((g) => ({ screen_id: screenId, group_id: g })))
      .execute();
  }
}

export async function deleteScreen(db: Db, merchantId: number, screenId: number) {
  // Parks bound to it (alterGroupScreen) fall back to no screen; the foreign key says the same.
  await db.updateTable('groups').set({ screen_id: null }).where('screen_id', '=', screenId).execute();
  await db.deleteFrom('screen_groups').where('screen_id', '=', screenId).execute();
  await db.deleteFrom('screens').where('id', '=', screenId).where('merchant_id', '=', merchantId).execute();
}
