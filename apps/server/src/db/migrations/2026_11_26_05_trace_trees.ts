import type { Kysely } from 'kysely';
import { idColumn, ms, tenant } from './columns';

/**
 * One tree one code: trees with their unguessable code (unique across all merchants), photos, the scans of
 * their public page (one row per visit), and a nullable tree id on production's farm work so a tree's care
 * records are ordinary farm work. No foreign key to the farm work table's neighbours built by other hands today;
 * the services check the links. Never imports app code (see the foundation migration).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  const withId = idColumn(db);

  await tenant(withId(db.schema.createTable('trace_trees')))
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('area_point_id', 'integer', (c) => c.notNull())
    .addColumn('species', 'varchar(50)', (c) => c.notNull())
    .addColumn('variety', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('planted_year', 'integer')
    .addColumn('longitude', 'double precision')
    .addColumn('latitude', 'double precision')
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    // kept beside the scan rows so a list and the public page read them without counting
    .addColumn('scan_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_scan_at', ms)
    .addColumn('last_scan_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trace_trees_group_idx').on('trace_trees').columns(['group_id', 'id']).execute();

  await withId(db.schema.createTable('trace_tree_photos'))
    .addColumn('tree_id', 'integer', (c) => c.notNull().references('trace_trees.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'char(64)', (c) => c.notNull())
    .addColumn('mime', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trace_tree_photos_tree_idx').on('trace_tree_photos').column('tree_id').execute();

  await db.schema
    .createTable('trace_tree_scans')
    .addColumn('tree_id', 'integer', (c) => c.notNull().references('trace_trees.id').onDelete('cascade'))
    .addColumn('visit', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('trace_tree_scans_pk', ['tree_id', 'visit'])
    .execute();

  await db.schema.alterTable('production_farm_work').addColumn('tree_id', 'integer').execute();
  await db.schema.createIndex('production_farm_work_tree_idx').on('production_farm_work').column('tree_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('production_farm_work_tree_idx').execute();
  await db.schema.alterTable('production_farm_work').dropColumn('tree_id').execute();
  await db.schema.dropTable('trace_tree_scans').execute();
  await db.schema.dropTable('trace_tree_photos').execute();
  await db.schema.dropTable('trace_trees').execute();
}
