import type { Kysely } from 'kysely';
import { idColumn } from './columns';

/**
 * PTZ presets (issue 25, point 6): the camera keeps a position under its number (`preset_index`, as EZVIZ
 * answered it), FarmPark keeps the name. Removing the camera's device removes them. Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('video_ptz_presets')
    .$call(idColumn(db))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('preset_index', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('video_ptz_presets_device_idx').on('video_ptz_presets').column('device_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('video_ptz_presets').ifExists().execute();
}
