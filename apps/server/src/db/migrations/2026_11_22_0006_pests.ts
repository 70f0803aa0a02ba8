import type { Kysely } from 'kysely';
import { idColumn, ms } from './columns';

/**
 * Pest and spore monitoring: categories per merchant (insect pests, spore types), the detections on
 * trap photos (boxes relative to the picture) and which merchants got the default categories.
 * Never imports app code (see the foundation migration).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  const withId = idColumn(db);

  await withId(db.schema.createTable('pest_categories'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    // insect | spore
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    // what a detector calls it; unique per merchant and kind
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('latin_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('daily_threshold', 'integer', (c) => c.notNull().defaultTo(0))
    // the picture, content-addressed in the image store like trap photos
    .addColumn('picture_sha256', 'char(64)')
    .addColumn('picture_mime', 'varchar(40)')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addUniqueConstraint('pest_categories_code_uq', ['merchant_id', 'kind', 'code'])
    .execute();

  await withId(db.schema.createTable('image_detections'))
    .addColumn('image_id', 'integer', (c) => c.notNull().references('device_images.id').onDelete('cascade'))
    // a category in use cannot be removed: the counts it carries would silently vanish
    .addColumn('category_id', 'integer', (c) => c.notNull().references('pest_categories.id'))
    .addColumn('x', 'double precision', (c) => c.notNull())
    .addColumn('y', 'double precision', (c) => c.notNull())
    .addColumn('w', 'double precision', (c) => c.notNull())
    .addColumn('h', 'double precision', (c) => c.notNull())
    .addColumn('confidence', 'double precision')
    // model | staff
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    // a person changed this box (moved, resized, relabelled); removed boxes are deleted
    .addColumn('corrected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('image_detections_image_idx').on('image_detections').column('image_id').execute();
  await db.schema.createIndex('image_detections_category_idx').on('image_detections').column('category_id').execute();

  // Whether a photo was corrected survives deleting all its boxes.
  await db.schema.alterTable('device_images').addColumn('corrected_at', ms).execute();

  await db.schema
    .createTable('pest_seeded')
    .addColumn('merchant_id', 'integer', (c) => c.primaryKey().references('merchants.id'))
    .addColumn('seeded_at', ms, (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pest_seeded').ifExists().execute();
  await db.schema.alterTable('device_images').dropColumn('corrected_at').execute();
  await db.schema.dropTable('image_detections').ifExists().execute();
  await db.schema.dropTable('pest_categories').ifExists().execute();
}
