import type { Kysely } from 'kysely';
import { idColumn } from './columns';

/**
 * The video wall's saved views and tours, each user's own (issue 25, point 6): `kind` 'view' or 'tour',
 * the layout itself as JSON text (a view's split and tiles, a tour's views and seconds). Removing the
 * user removes them. Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('video_wall_layouts')
    .$call(idColumn(db))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('layout', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('video_wall_layouts_user_idx')
    .on('video_wall_layouts')
    .columns(['merchant_id', 'user_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('video_wall_layouts').ifExists().execute();
}
