import { type Kysely, sql } from 'kysely';
import { day, idColumn, ms, tenant } from './columns';

/**
 * Production management, stock side: suppliers, materials with their stock ledger, machinery with
 * maintenance, farm work (with the materials, people, machinery and photos of each) and traceability
 * videos. Calendar days are 'YYYY-MM-DD' text in the park's zone; moments are epoch ms.
 * No foreign keys to the plantings and personnel of the core migration or to irrigation zones: those
 * tables are built by other hands at the same time, and the services check the links themselves.
 * Never imports app code (see the foundation migration).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  const withId = idColumn(db);
  const qty = 'double precision';

  await tenant(withId(db.schema.createTable('production_suppliers')))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('contact', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('licence', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addUniqueConstraint('production_suppliers_name_uq', ['group_id', 'name'])
    .execute();

  await tenant(withId(db.schema.createTable('production_materials')))
    // fertiliser | pesticide | seed | other
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('unit', 'varchar(20)', (c) => c.notNull())
    .addColumn('spec', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    // pesticide registration certificate number (e.g. PD20080414); '' for other kinds
    .addColumn('registration_no', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    // pre-harvest safety interval in days; 0 = none
    .addColumn('safety_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('low_stock', qty, (c) => c.notNull().defaultTo(0))
    // The ledger's running balance, moved only together with a ledger row in one transaction; the
    // check is the last line of defence should a service ever forget to refuse.
    .addColumn('stock', qty, (c) => c.notNull().defaultTo(0).check(sql`stock >= 0`))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addUniqueConstraint('production_materials_name_uq', ['group_id', 'kind', 'name', 'spec'])
    .execute();

  await db.schema
    .createTable('production_supplier_materials')
    .addColumn('supplier_id', 'integer', (c) => c.notNull().references('production_suppliers.id').onDelete('cascade'))
    .addColumn('material_id', 'integer', (c) => c.notNull().references('production_materials.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('production_supplier_materials_pk', ['supplier_id', 'material_id'])
    .execute();

  await tenant(withId(db.schema.createTable('production_machinery')))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('type', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('model', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('plate', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    // in_use | idle | repair | scrapped
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('purchased_on', day)
    // next_due_on of the latest maintenance record, kept with the records so lists can sort on it
    .addColumn('next_due_on', day)
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();

  await tenant(withId(db.schema.createTable('production_maintenance')))
    .addColumn('machinery_id', 'integer', (c) => c.notNull().references('production_machinery.id').onDelete('cascade'))
    .addColumn('done_on', day, (c) => c.notNull())
    .addColumn('type', 'varchar(50)', (c) => c.notNull())
    .addColumn('cost', qty, (c) => c.notNull().defaultTo(0))
    .addColumn('notes', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('next_due_on', day)
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('production_maintenance_machine_idx')
    .on('production_maintenance')
    .columns(['machinery_id', 'done_on'])
    .execute();

  await tenant(withId(db.schema.createTable('production_farm_work')))
    // sowing | transplanting | fertilising | spraying | irrigation | weeding | pruning | harvesting | other
    .addColumn('type', 'varchar(14)', (c) => c.notNull())
    .addColumn('area_point_id', 'integer', (c) => c.notNull())
    .addColumn('planting_id', 'integer')
    .addColumn('planned_on', day, (c) => c.notNull())
    .addColumn('done_on', day)
    // planned | done | abandoned
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('notes', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    // manual | machine (an irrigation run's measured record)
    .addColumn('source', 'varchar(8)', (c) => c.notNull().defaultTo('manual'))
    .addColumn('irrigation_run_id', 'integer', (c) => c.unique())
    .addColumn('water_m3', qty)
    // JSON [{tank, name, litres}] as the machine measured it; '[]' for manual work
    .addColumn('fertiliser', 'text', (c) => c.notNull().defaultTo('[]'))
    // the same id on every occurrence of one recurring plan
    .addColumn('series_id', 'varchar(36)')
    .addColumn('user_id', 'integer')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('production_farm_work_day_idx')
    .on('production_farm_work')
    .columns(['group_id', 'planned_on'])
    .execute();
  await db.schema
    .createIndex('production_farm_work_planting_idx')
    .on('production_farm_work')
    .columns(['planting_id', 'status'])
    .execute();

  const workLink = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('farm_work_id', 'integer', (c) =>
        c.notNull().references('production_farm_work.id').onDelete('cascade'),
      )
      .addColumn('merchant_id', 'integer', (c) => c.notNull())
      .addColumn('group_id', 'integer', (c) => c.notNull());

  await workLink('production_farm_work_materials')
    // a material used by farm work is not removed: the traceability of what was sprayed depends on it
    .addColumn('material_id', 'integer', (c) => c.notNull().references('production_materials.id'))
    .addColumn('quantity', qty, (c) => c.notNull())
    .addPrimaryKeyConstraint('production_farm_work_materials_pk', ['farm_work_id', 'material_id'])
    .execute();
  await db.schema
    .createIndex('production_farm_work_materials_material_idx')
    .on('production_farm_work_materials')
    .column('material_id')
    .execute();
  await workLink('production_farm_work_people')
    .addColumn('personnel_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('production_farm_work_people_pk', ['farm_work_id', 'personnel_id'])
    .execute();
  await workLink('production_farm_work_machinery')
    .addColumn('machinery_id', 'integer', (c) => c.notNull().references('production_machinery.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('production_farm_work_machinery_pk', ['farm_work_id', 'machinery_id'])
    .execute();
  await withId(workLink('production_farm_work_photos'))
    .addColumn('sha256', 'char(64)', (c) => c.notNull())
    .addColumn('mime', 'varchar(40)', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await tenant(withId(db.schema.createTable('production_stock_moves')))
    .addColumn('material_id', 'integer', (c) => c.notNull().references('production_materials.id').onDelete('cascade'))
    // in | out | adjust
    .addColumn('kind', 'varchar(6)', (c) => c.notNull())
    // signed: in > 0, out < 0, adjust either way; the balance is their sum
    .addColumn('quantity', qty, (c) => c.notNull())
    .addColumn('balance', qty, (c) => c.notNull())
    .addColumn('supplier_id', 'integer', (c) => c.references('production_suppliers.id'))
    .addColumn('batch_no', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_on', day)
    .addColumn('farm_work_id', 'integer', (c) => c.references('production_farm_work.id').onDelete('set null'))
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer')
    .addColumn('operator', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('production_stock_moves_material_idx')
    .on('production_stock_moves')
    .columns(['material_id', 'id'])
    .execute();
  await db.schema
    .createIndex('production_stock_moves_work_idx')
    .on('production_stock_moves')
    .column('farm_work_id')
    .execute();
  await db.schema
    .createIndex('production_stock_moves_supplier_idx')
    .on('production_stock_moves')
    .column('supplier_id')
    .execute();

  await tenant(withId(db.schema.createTable('production_videos')))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('area_point_id', 'integer')
    .addColumn('planting_id', 'integer')
    .addColumn('shot_on', day, (c) => c.notNull())
    // the file under DATA_DIR, content-addressed like pictures
    .addColumn('sha256', 'char(64)', (c) => c.notNull())
    .addColumn('bytes', ms, (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'production_videos',
    'production_stock_moves',
    'production_farm_work_photos',
    'production_farm_work_machinery',
    'production_farm_work_people',
    'production_farm_work_materials',
    'production_farm_work',
    'production_maintenance',
    'production_machinery',
    'production_supplier_materials',
    'production_materials',
    'production_suppliers',
  ])
    await db.schema.dropTable(t).ifExists().execute();
}
