import type { Kysely } from 'kysely';
import { idColumn } from './columns';

/**
 * Park map data: one group point per park (location, zoom, boundary) and its area points (plots).
 * Polygons are JSON text ([[lng, lat], ...]): they are read whole, never queried inside SQL.
 * Device positions stay on `devices` (longitude, latitude), so every page reads one place.
 * Never imports app code (see the foundation migration).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  const withId = idColumn(db);

  await withId(db.schema.createTable('group_points'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    // Removing a park takes its map data with it.
    .addColumn('group_id', 'integer', (c) => c.notNull().unique().references('groups.id').onDelete('cascade'))
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('zoom', 'double precision', (c) => c.notNull().defaultTo(16))
    .addColumn('boundary', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('area_points'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('point_id', 'integer', (c) => c.notNull().references('group_points.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('crop', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('area', 'double precision')
    .addColumn('boundary', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('area_points_point_idx').on('area_points').columns(['point_id', 'id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('area_points').ifExists().execute();
  await db.schema.dropTable('group_points').ifExists().execute();
}
