import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './connect';

/** The advisory lock space of a park's records (the second key is the park id). */
const PARK_RECORDS = 24_002;

/**
 * Serialises the writes of one park's production records that must see each other: the safety interval
 * (a harvest and a spray written at once would each pass the guard without the other), the stock ledger
 * (two farm works done at once deadlocked on the material rows their lines had already referenced), and a
 * work marked done or removed twice at once (stock taken or returned twice). Taken first in the write's
 * transaction and held to its end. SQLite runs one write transaction at a time, so there it is nothing.
 */
export async function lockParkRecords(trx: Db, groupIds: number | readonly number[]): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  // in one order, so two writers over several parks cannot wait on each other
  for (const id of [...new Set([groupIds].flat())].sort((a, b) => a - b))
    await sql`select pg_advisory_xact_lock(${PARK_RECORDS}, ${id})`.execute(trx);
}
