import type { Kysely } from 'kysely';
import { idColumn, ms } from './columns';

/**
 * Recording around the clock (issue 25, point 2): a camera set to record keeps a recorder running whether
 * anyone watches (`record_always`, off by default), and each finished segment file of it is indexed here
 * (its start and end, epoch ms, and size), so spans, playback, clips, retention and the per-merchant quota
 * read the index instead of listing folders. Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('video_cameras')
    .addColumn('record_always', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('video_segments')
    .$call(idColumn(db))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('camera_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('file', 'varchar(40)', (c) => c.notNull())
    .addColumn('start_at', ms, (c) => c.notNull())
    .addColumn('end_at', ms, (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('video_segments_camera_start_idx')
    .on('video_segments')
    .columns(['camera_id', 'start_at'])
    .unique()
    .execute();
  await db.schema
    .createIndex('video_segments_merchant_start_idx')
    .on('video_segments')
    .columns(['merchant_id', 'start_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('video_segments').execute();
  await db.schema.alterTable('video_cameras').dropColumn('record_always').execute();
}
