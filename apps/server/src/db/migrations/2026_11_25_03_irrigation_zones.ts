import type { Kysely } from 'kysely';

/**
 * Names of an irrigation machine's zones and the plot (area point) each one waters. A zone without a row
 * keeps its default name ("1区" / "Zone 1"), so only zones someone named are stored. The plot link lets
 * irrigation runs become farm work of the plot's plantings. Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('irrigation_zones')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull())
    // Removing the machine takes its zone names with it.
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('zone_no', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    // A removed plot leaves the zone named but unlinked.
    .addColumn('area_point_id', 'integer', (c) => c.references('area_points.id').onDelete('set null'))
    .addPrimaryKeyConstraint('irrigation_zones_pk', ['device_id', 'zone_no'])
    .execute();
  await db.schema.createIndex('irrigation_zones_plot_idx').on('irrigation_zones').columns(['area_point_id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('irrigation_zones').ifExists().execute();
}
