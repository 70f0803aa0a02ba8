import type { Kysely } from 'kysely';
import { day, idColumn, ms, tenant } from './columns';

/**
 * Production management, core (issue 13): personnel, the crop catalogue with its growth standards
 * (stages by day offset after sowing, ideal parameter ranges per stage), plantings on plots (area points)
 * and harvests. Calendar days are 'YYYY-MM-DD' text in the park's zone: a farm day is not an instant.
 * Never imports app code (see the foundation migration).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  const withId = idColumn(db);

  await withId(db.schema.createTable('production_personnel'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('post', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('id_number', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    // sha256 of the picture in the image store, and its type
    .addColumn('photo', 'char(64)')
    .addColumn('photo_mime', 'varchar(40)')
    // active | left
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('active'))
    .addColumn('user_id', 'integer')
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('production_personnel_merchant_idx')
    .on('production_personnel')
    .column('merchant_id')
    .execute();

  await db.schema
    .createTable('production_personnel_parks')
    .addColumn('personnel_id', 'integer', (c) => c.notNull().references('production_personnel.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('production_personnel_parks_pk', ['personnel_id', 'group_id'])
    .execute();
  await db.schema
    .createIndex('production_personnel_parks_group_idx')
    .on('production_personnel_parks')
    .columns(['group_id', 'personnel_id'])
    .execute();

  await withId(db.schema.createTable('production_crops'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('variety', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('growing_days', 'integer', (c) => c.notNull())
    .addColumn('picture', 'char(64)')
    .addColumn('picture_mime', 'varchar(40)')
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('production_crops_merchant_idx').on('production_crops').column('merchant_id').execute();

  // A crop's standard: stages cover day offsets [start_day, end_day] after sowing (day 0 = sowing day).
  await withId(db.schema.createTable('production_growth_stages'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('crop_id', 'integer', (c) => c.notNull().references('production_crops.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('start_day', 'integer', (c) => c.notNull())
    .addColumn('end_day', 'integer', (c) => c.notNull())
    .addColumn('tasks', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('production_growth_stages_crop_idx')
    .on('production_growth_stages')
    .columns(['crop_id', 'start_day'])
    .execute();

  // Ideal range of one monitored parameter (a telemetry key) during a stage; either bound may be open.
  await db.schema
    .createTable('production_stage_ranges')
    .addColumn('stage_id', 'integer', (c) => c.notNull().references('production_growth_stages.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('param_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('min', 'double precision')
    .addColumn('max', 'double precision')
    .addPrimaryKeyConstraint('production_stage_ranges_pk', ['stage_id', 'param_key'])
    .execute();

  await tenant(withId(db.schema.createTable('production_plantings')))
    // No foreign key: plots are edited on the map page, which removes them outright; a planting (and its
    // harvests) outlives its plot and shows it as removed rather than blocking the map or vanishing.
    .addColumn('area_point_id', 'integer', (c) => c.notNull())
    // a crop with plantings cannot be removed (the service says so in words first)
    .addColumn('crop_id', 'integer', (c) => c.notNull().references('production_crops.id'))
    .addColumn('variety', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('area_mu', 'double precision', (c) => c.notNull())
    .addColumn('sown_on', day, (c) => c.notNull())
    .addColumn('transplanted_on', day)
    .addColumn('expected_harvest_on', day, (c) => c.notNull())
    // growing | harvested | ended
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('growing'))
    .addColumn('notes', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('production_plantings_group_idx')
    .on('production_plantings')
    .columns(['merchant_id', 'group_id', 'id'])
    .execute();
  await db.schema
    .createIndex('production_plantings_plot_idx')
    .on('production_plantings')
    .columns(['area_point_id', 'status'])
    .execute();
  await db.schema.createIndex('production_plantings_crop_idx').on('production_plantings').column('crop_id').execute();

  await tenant(withId(db.schema.createTable('production_harvests')))
    .addColumn('planting_id', 'integer', (c) => c.notNull().references('production_plantings.id'))
    .addColumn('harvested_on', day, (c) => c.notNull())
    .addColumn('quantity', 'double precision', (c) => c.notNull())
    .addColumn('unit', 'varchar(10)', (c) => c.notNull())
    .addColumn('grade', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('warehouse', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    // set when an administrator harvested inside a pesticide's safety interval: why, and who
    .addColumn('override_reason', 'varchar(500)')
    .addColumn('override_by', 'integer')
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('production_harvests_group_idx')
    .on('production_harvests')
    .columns(['merchant_id', 'group_id', 'harvested_on'])
    .execute();
  await db.schema
    .createIndex('production_harvests_planting_idx')
    .on('production_harvests')
    .column('planting_id')
    .execute();

  await db.schema
    .createTable('production_harvest_people')
    .addColumn('harvest_id', 'integer', (c) => c.notNull().references('production_harvests.id').onDelete('cascade'))
    // a person on a harvest cannot be removed (the record would lose who did it)
    .addColumn('personnel_id', 'integer', (c) => c.notNull().references('production_personnel.id'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('production_harvest_people_pk', ['harvest_id', 'personnel_id'])
    .execute();
  await db.schema
    .createIndex('production_harvest_people_person_idx')
    .on('production_harvest_people')
    .column('personnel_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'production_harvest_people',
    'production_harvests',
    'production_plantings',
    'production_stage_ranges',
    'production_growth_stages',
    'production_crops',
    'production_personnel_parks',
    'production_personnel',
  ])
    await db.schema.dropTable(t).ifExists().execute();
}
