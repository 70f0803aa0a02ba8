import type { Kysely } from 'kysely';

/**
 * Video setup (issue 15): the video settings of `camera`-class devices, keyed by the device id, and each
 * merchant's EZVIZ open-platform key with the access token the server keeps. Stream URLs (which may carry a
 * user and password), the EZVIZ secret and the token never leave the server. Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('video_cameras')
    .addColumn('device_id', 'integer', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('plot_id', 'integer')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ezviz_serial', 'text')
    .addColumn('ezviz_channel', 'integer')
    .addColumn('stream_url', 'text')
    .addColumn('ptz', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('general'))
    .addColumn('snapshot_every_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('video_cameras_merchant').on('video_cameras').column('merchant_id').execute();
  await db.schema
    .createTable('video_ezviz_keys')
    .addColumn('merchant_id', 'integer', (c) => c.primaryKey())
    .addColumn('app_key', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('access_token', 'text')
    .addColumn('token_expires_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('video_ezviz_keys').execute();
  await db.schema.dropTable('video_cameras').execute();
}
