import type { Kysely } from 'kysely';

/**
 * Leases of the work that must run in one server process at a time (timers, schedules, outbox): who
 * holds each, until when, and a fencing token that grows at every change of holder. Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cluster_leases')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(128)', (c) => c.notNull())
    .addColumn('token', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cluster_leases').execute();
}
