import type { Kysely } from 'kysely';
import { idColumn, ms, tenant } from './columns';

/**
 * The sensors an operator binds to a plot (issue 24, point 8): per device the parameter keys it serves
 * there (JSON text, as boundaries are) and whether it measures indoors or outdoors. A plot without rows
 * keeps its defaults. Removing the plot or the device removes the binding. Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  const withId = idColumn(db);
  await tenant(withId(db.schema.createTable('plot_sensors')))
    .addColumn('area_point_id', 'integer', (c) => c.notNull().references('area_points.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    // JSON ["airTemp", ...]
    .addColumn('param_keys', 'text', (c) => c.notNull())
    // indoor | outdoor
    .addColumn('placement', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addUniqueConstraint('plot_sensors_one', ['area_point_id', 'device_id'])
    .execute();
  await db.schema
    .createIndex('plot_sensors_group_idx')
    .on('plot_sensors')
    .columns(['group_id', 'area_point_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('plot_sensors').execute();
}
