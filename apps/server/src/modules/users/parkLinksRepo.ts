import type { Kysely } from 'kysely';
import type { Db } from '../../db/connect';
import { type Scope, scoped } from '../../db/scope';

/**
 * The parks a user is granted (`user_groups`) or a screen shows (`screen_groups`). These links have no
 * merchant column: the caller's reach comes from the park itself, joined through `scoped()`.
 */
const OWNER = { user_groups: 'user_id', screen_groups: 'screen_id' } as const;
export type ParkLinks = keyof typeof OWNER;

// Kysely cannot type one query over either table (their owner columns differ); the signatures are typed.
// biome-ignore lint/suspicious/noExplicitAny: see above.
const loose = (db: Db, scope: Scope) => scoped(db, scope) as unknown as Kysely<any>;

/** The parks linked to each owner, among those the caller may see. */
export async function linkedParks(
  db: Db,
  scope: Scope,
  links: ParkLinks,
  owners: readonly number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(owners.map((id) => [id, []]));
  if (owners.length === 0) return out;
  const rows: { owner: number; park: number }[] = await loose(db, scope)
    .selectFrom(`${links} as l`)
    .innerJoin('groups as g', 'g.id', 'l.group_id')
    .select([`l.${OWNER[links]} as owner`, 'g.id as park'])
    .where(`l.${OWNER[links]}`, 'in', owners)
    .orderBy('g.id')
    .execute();
  for (const r of rows) out.get(r.owner)?.push(r.park);
  return out;
}

/**
 * Replaces the owner's links among the parks the caller may see; links to parks it cannot see stay as
 * they are (the caller could neither see nor mean them). The new parks are checked by the caller.
 */
export async function replaceLinkedParks(
  db: Db,
  scope: Scope,
  links: ParkLinks,
  owner: number,
  groupIds: readonly number[],
): Promise<void> {
  await loose(db, scope)
    .deleteFrom(links)
    .where(OWNER[links], '=', owner)
    .where((eb) => eb.exists(eb.selectFrom('groups as g').select('g.id').whereRef('g.id', '=', `${links}.group_id`)))
    .execute();
  if (groupIds.length > 0) {
    await loose(db, scope)
      .insertInto(links)
      .values(groupIds.map((g) => ({ [OWNER[links]]: owner, group_id: g })))
      .execute();
  }
}
