import type { Kysely } from 'kysely';
import { idColumn } from './columns';

/**
 * Camera pictures and time-lapse videos (issue 15): snapshots taken on a camera's schedule, by the
 * wall's button or when an alarm fires (then `alarm_id` names it), and time-lapse jobs made from them.
 * Camera ids carry no foreign key so this migration stands on its own; a removed camera's pictures are
 * found by nobody (every read joins the caller's scope) and its files stay in the shared image store.
 * Never imports app code (see the foundation migration).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  const withId = idColumn(db);

  await withId(db.schema.createTable('video_snapshots'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('camera_id', 'integer', (c) => c.notNull())
    .addColumn('taken_at', 'bigint', (c) => c.notNull())
    // schedule | manual | alarm
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('alarm_id', 'integer')
    // sha256 of the picture in the image store, and its type
    .addColumn('sha256', 'char(64)', (c) => c.notNull())
    .addColumn('mime', 'varchar(20)', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('video_snapshots_camera_idx')
    .on('video_snapshots')
    .columns(['camera_id', 'taken_at'])
    .execute();
  await db.schema.createIndex('video_snapshots_alarm_idx').on('video_snapshots').column('alarm_id').execute();

  await withId(db.schema.createTable('video_timelapses'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('camera_id', 'integer', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('fps', 'integer', (c) => c.notNull())
    // queued | running | done | failed
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('frames', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    // sha256 of the MP4 in the video file store once done
    .addColumn('sha256', 'char(64)')
    .addColumn('bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('video_timelapses_camera_idx')
    .on('video_timelapses')
    .columns(['camera_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('video_timelapses').ifExists().execute();
  await db.schema.dropTable('video_snapshots').ifExists().execute();
}
