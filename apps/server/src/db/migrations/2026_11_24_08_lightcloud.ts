import type { Kysely } from 'kysely';

/**
 * The lamp vendor cloud's access token, one per merchant: kept by the server so the browser never sees
 * the token or the vendor key. Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('light_cloud_tokens')
    .addColumn('merchant_id', 'integer', (c) => c.primaryKey())
    .addColumn('access_token', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('refreshed_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('light_cloud_tokens').execute();
}
