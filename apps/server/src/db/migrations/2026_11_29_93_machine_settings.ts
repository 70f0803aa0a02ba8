import type { Kysely } from 'kysely';

/**
 * The pump protection settings of an irrigation machine (its start budget): least run, least rest and
 * most starts per hour. A machine without a row uses the defaults (contracts pumpProtection.ts). The
 * settings belong to the machine wherever it is moved, so the row names the merchant, not a park.
 * Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('irrigation_machine_settings')
    // Removing the machine takes its settings with it.
    .addColumn('device_id', 'integer', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('min_run_min', 'double precision', (c) => c.notNull())
    .addColumn('min_rest_min', 'double precision', (c) => c.notNull())
    .addColumn('max_starts_per_hour', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('irrigation_machine_settings').ifExists().execute();
}
