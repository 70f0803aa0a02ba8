import type { Kysely } from 'kysely';

/**
 * A run stopped at the machine's acknowledgement may end before the readings that measure it are
 * committed; `usage_settled` = 0 marks such a run until its water and fertiliser are read again from the
 * readings around the stop (see modules/irrigation/runUsage.ts). Earlier runs count as settled.
 * Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('irrigation_runs')
    .addColumn('usage_settled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('irrigation_runs_unsettled').on('irrigation_runs').column('usage_settled').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('irrigation_runs_unsettled').execute();
  await db.schema.alterTable('irrigation_runs').dropColumn('usage_settled').execute();
}
