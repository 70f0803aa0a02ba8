import type { Kysely } from 'kysely';
import type { Db } from '../db/connect';

/** The lease table (migration 2026_11_26_11), typed here so the cluster code keeps its schema to itself. */
type ClusterTables = {
  cluster_leases: { name: string; holder: string; token: number; expires_at: number };
};

const leases = (db: Db): Kysely<ClusterTables> => db.withTables<ClusterTables>() as unknown as Kysely<ClusterTables>;

/** A held lease: the token fences every write made under it. */
export interface Lease {
  name: string;
  holder: string;
  token: number;
  expiresAt: number;
}

/** A write attempted under a lease that another holder has taken since (or that has lapsed to nobody). */
export class StaleLeaseError extends Error {
  constructor(name: string, token: number) {
    super(`lease ${name}: token ${token} is no longer the holder's`);
  }
}

/**
 * Takes or renews a lease in one statement: free (never held), lapsed, or already ours. A change of
 * holder increments the token; a renewal keeps it. Returns null while another holder's lease runs.
 */
export async function acquireLease(db: Db, name: string, holder: string, ttlMs: number, at: number) {
  const expiresAt = at + ttlMs;
  const d = leases(db);
  await d
    .insertInto('cluster_leases')
    .values({ name, holder: '', token: 0, expires_at: 0 }) // held by nobody: the update below takes it
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await d
    .updateTable('cluster_leases')
    .set((eb) => ({
      token: eb
        .case()
        .when('holder', '=', holder)
        .then(eb.ref('token'))
        .else(eb(eb.ref('token'), '+', 1))
        .end(),
      holder,
      expires_at: expiresAt,
    }))
    .where('name', '=', name)
    .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<=', at)]))
    .returning(['token'])
    .executeTakeFirst();
  return row ? ({ name, holder, token: Number(row.token), expiresAt } satisfies Lease) : null;
}

/** Gives a lease up at once (clean shutdown), so a successor need not wait for it to lapse. */
export async function releaseLease(db: Db, lease: Pick<Lease, 'name' | 'token'>): Promise<void> {
  await leases(db)
    .updateTable('cluster_leases')
    .set({ expires_at: 0 })
    .where('name', '=', lease.name)
    .where('token', '=', lease.token)
    .execute();
}

/**
 * The fence: inside a transaction, refuses to go on unless the lease still carries this token and has not
 * lapsed. The check is a write of the lease row, so on PostgreSQL it locks that row until commit: a
 * takeover waits for the fenced transaction, and a stale holder's transaction fails instead of committing.
 */
export async function checkFence(trx: Db, lease: Pick<Lease, 'name' | 'token'>, at: number): Promise<void> {
  const r = await leases(trx)
    .updateTable('cluster_leases')
    .set((eb) => ({ expires_at: eb.ref('expires_at') }))
    .where('name', '=', lease.name)
    .where('token', '=', lease.token)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw new StaleLeaseError(lease.name, lease.token);
}

/** Runs `work` in one transaction that commits only if the lease is still ours. */
export function fencedTransaction<T>(
  db: Db,
  lease: Pick<Lease, 'name' | 'token'>,
  at: number,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await checkFence(trx, lease, at);
    return work(trx);
  });
}
