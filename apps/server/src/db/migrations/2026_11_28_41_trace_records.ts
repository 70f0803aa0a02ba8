import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Records a farm can stand behind (issue 24): who published and who withdrew each revision of a snapshot (and
 * why, and the day consumers read); the evidence behind a suspected code and the diverted-goods flag (窜货);
 * the public address an administrator sets for QR codes; where batches went (shipments); label sheets made
 * in the background. The counterfeit rule loses its scan count: how often one address asks is no evidence,
 * so codes suspected by it alone are cleared. Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = pg ? 'serial' : 'integer';
  const ms = 'bigint';
  // SQLite adds one column a statement
  const add = async (table: string, columns: [string, string, string?][]) => {
    for (const [name, type, dflt] of columns)
      await db.schema
        .alterTable(table)
        .addColumn(name, type as 'text', (c) => (dflt === undefined ? c : c.notNull().defaultTo(dflt)))
        .execute();
  };

  await add('trace_snapshots', [
    ['published_by', 'integer'],
    ['withdrawn_by', 'integer'],
    // the day consumers read ("withdrawn by the producer on ..."), in the park's calendar
    ['withdrawn_on', 'varchar(10)'],
    ['withdraw_reason', 'varchar(200)', ''],
  ]);

  await add('trace_codes', [
    // JSON {scans: [{place, at}], km}
    ['suspect_evidence', 'text'],
    ['diverted_at', ms],
    // JSON {place, at, km, shipmentId, buyer, region}
    ['divert_evidence', 'text'],
  ]);
  await db
    .updateTable('trace_codes')
    .set({ suspected_at: null, suspect_reason: null })
    .where('suspect_reason', '=', 'tooMany')
    .execute();

  await add('trace_code_settings', [['public_base_url', 'varchar(200)', '']]);
  await db.schema.alterTable('trace_code_settings').dropColumn('max_scans').execute();

  await db.schema
    .createTable('trace_shipments')
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('trace_batches.id').onDelete('cascade'))
    .addColumn('buyer', 'varchar(100)', (c) => c.notNull())
    .addColumn('contact', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('quantity', 'double precision', (c) => c.notNull())
    .addColumn('unit', 'varchar(10)', (c) => c.notNull())
    .addColumn('shipped_on', 'varchar(10)', (c) => c.notNull())
    // a province-level region key (contracts SHIPMENT_REGIONS)
    .addColumn('region', 'varchar(20)', (c) => c.notNull())
    .addColumn('place', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trace_shipments_batch_idx').on('trace_shipments').column('batch_id').execute();

  await db.schema
    .createTable('trace_label_jobs')
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('trace_batches.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('size', 'varchar(8)', (c) => c.notNull())
    .addColumn('from_seq', 'integer', (c) => c.notNull())
    .addColumn('to_seq', 'integer', (c) => c.notNull())
    .addColumn('public_base', 'varchar(200)', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    // running | done | failed; a running job silent for a minute died with its process
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('error', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trace_label_jobs_batch_idx')
    .on('trace_label_jobs')
    .columns(['batch_id', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trace_label_jobs').ifExists().execute();
  await db.schema.dropTable('trace_shipments').ifExists().execute();
  await db.schema
    .alterTable('trace_code_settings')
    .addColumn('max_scans', 'integer', (c) => c.notNull().defaultTo(20))
    .execute();
  const drop = async (table: string, columns: string[]) => {
    for (const c of columns) await db.schema.alterTable(table).dropColumn(c).execute();
  };
  await drop('trace_code_settings', ['public_base_url']);
  await drop('trace_codes', ['suspect_evidence', 'diverted_at', 'divert_evidence']);
  await drop('trace_snapshots', ['published_by', 'withdrawn_by', 'withdrawn_on', 'withdraw_reason']);
}
