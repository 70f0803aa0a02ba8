import type { Kysely } from 'kysely';
import { day, idColumn, ms, tenant } from './columns';

/**
 * Traceability (issue 14): the report library, trace batches with their links to plantings, harvests,
 * reports and videos, and the frozen snapshots a publish writes. No foreign keys to the production tables
 * (built by other hands; the services check the links). Never imports app code (see the foundation migration).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  const withId = idColumn(db);

  await tenant(withId(db.schema.createTable('trace_reports')))
    .addColumn('agency', 'varchar(100)', (c) => c.notNull())
    .addColumn('report_no', 'varchar(50)', (c) => c.notNull())
    .addColumn('sampled_on', day, (c) => c.notNull())
    .addColumn('reported_on', day, (c) => c.notNull())
    .addColumn('valid_until', day)
    .addColumn('passed', 'integer', (c) => c.notNull())
    // JSON [{name, result, standard, pass}]
    .addColumn('items', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('notes', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    // the file under DATA_DIR/reports, content-addressed: pdf | image (its mime below)
    .addColumn('file_sha256', 'char(64)')
    .addColumn('file_type', 'varchar(5)')
    .addColumn('file_mime', 'varchar(40)')
    .addColumn('file_bytes', 'integer')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trace_reports_group_idx')
    .on('trace_reports')
    .columns(['merchant_id', 'group_id'])
    .execute();

  await tenant(withId(db.schema.createTable('trace_batches')))
    .addColumn('product_name', 'varchar(100)', (c) => c.notNull())
    // GTIN-14 or null
    .addColumn('gtin', 'varchar(14)')
    .addColumn('lot', 'varchar(20)', (c) => c.notNull())
    .addColumn('cert_quantity', 'double precision')
    .addColumn('cert_unit', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('producer', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('origin', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('issued_on', day)
    .addColumn('pledge', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    // JSON list of ownControl | ownTest | labTest
    .addColumn('basis', 'varchar(60)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('notes', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    // a lot names one batch of a product in a park (GS1 Digital Link resolves GTIN + lot)
    .addUniqueConstraint('trace_batches_lot_uq', ['group_id', 'product_name', 'lot'])
    .execute();
  await db.schema
    .createIndex('trace_batches_group_idx')
    .on('trace_batches')
    .columns(['merchant_id', 'group_id'])
    .execute();

  for (const [table, column] of [
    ['trace_batch_plantings', 'planting_id'],
    ['trace_batch_harvests', 'harvest_id'],
    ['trace_batch_reports', 'report_id'],
    ['trace_batch_videos', 'video_id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('batch_id', 'integer', (c) => c.notNull().references('trace_batches.id').onDelete('cascade'))
      .addColumn(column, 'integer', (c) =>
        column === 'report_id' ? c.notNull().references('trace_reports.id').onDelete('cascade') : c.notNull(),
      )
      .addColumn('merchant_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['batch_id', column])
      .execute();
    await db.schema.createIndex(`${table}_target_idx`).on(table).column(column).execute();
  }

  // One row per publish; the latest version is what consumers see, unless withdrawn.
  await tenant(withId(db.schema.createTable('trace_snapshots')))
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('trace_batches.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    // JSON list of the ticked sections, and the PublicTrace frozen at publish
    .addColumn('sections', 'varchar(200)', (c) => c.notNull())
    .addColumn('trace', 'text', (c) => c.notNull())
    .addColumn('published_at', ms, (c) => c.notNull())
    .addColumn('withdrawn_at', ms)
    .addUniqueConstraint('trace_snapshots_version_uq', ['batch_id', 'version'])
    .execute();

  // Files a snapshot publishes (report files, videos), each behind its own unguessable token.
  await db.schema
    .createTable('trace_snapshot_files')
    .addColumn('token', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('snapshot_id', 'integer', (c) => c.notNull().references('trace_snapshots.id').onDelete('cascade'))
    // report | video
    .addColumn('kind', 'varchar(6)', (c) => c.notNull())
    .addColumn('sha256', 'char(64)', (c) => c.notNull())
    .addColumn('mime', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trace_snapshot_files_snapshot_idx')
    .on('trace_snapshot_files')
    .column('snapshot_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'trace_snapshot_files',
    'trace_snapshots',
    'trace_batch_videos',
    'trace_batch_reports',
    'trace_batch_harvests',
    'trace_batch_plantings',
    'trace_batches',
    'trace_reports',
  ])
    await db.schema.dropTable(t).ifExists().execute();
}
