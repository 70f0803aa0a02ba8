import type { Kysely } from 'kysely';

/**
 * `connected_at`: the time of the device's own latest online status, i.e. of its present connection. A last
 * will carries its connection's time, so it is judged against this, not against `status_at` (which a sign of
 * life or the silence job also moves, and which made the will of the live connection look stale).
 * `offline_at`: when this server marked the device offline (its will or offline status arrived, or the silence
 * job), by the server's clock: readings that arrived before it and were committed after it must not bring the
 * device back. Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('devices').addColumn('connected_at', 'bigint').execute();
  await db.schema.alterTable('devices').addColumn('offline_at', 'bigint').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('devices').dropColumn('offline_at').execute();
  await db.schema.alterTable('devices').dropColumn('connected_at').execute();
}
