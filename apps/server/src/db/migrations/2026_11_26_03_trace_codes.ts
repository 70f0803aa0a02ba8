import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * One item one code (issue 14, point 3): the codes of a trace batch, the generation jobs that make them,
 * each recorded scan, and a merchant's counterfeit rule. A code is unique across all merchants (a unique
 * index, the backstop behind its 65 random bits). Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = pg ? 'serial' : 'integer';
  const ms = 'bigint';

  await db.schema
    .createTable('trace_code_jobs')
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('trace_batches.id').onDelete('cascade'))
    .addColumn('requested', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    // running | done | failed
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('error', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    // a running job writes this after every chunk; one silent for a minute died with its process
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trace_code_jobs_batch_idx').on('trace_code_jobs').columns(['batch_id', 'id']).execute();

  await db.schema
    .createTable('trace_codes')
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('trace_batches.id').onDelete('cascade'))
    // 1, 2, 3... within the batch: what "print labels 1 to 500" and "void 200 to 300" count in
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('job_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('voided_at', ms)
    .addColumn('void_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('scan_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_scan_at', ms)
    .addColumn('first_scan_place', 'varchar(60)')
    .addColumn('last_scan_at', ms)
    .addColumn('last_scan_place', 'varchar(60)')
    .addColumn('suspected_at', ms)
    // tooMany | farApart
    .addColumn('suspect_reason', 'varchar(10)')
    .execute();
  await db.schema.createIndex('trace_codes_code_uq').on('trace_codes').column('code').unique().execute();
  await db.schema.createIndex('trace_codes_seq_uq').on('trace_codes').columns(['batch_id', 'seq']).unique().execute();
  await db.schema
    .createIndex('trace_codes_suspected_idx')
    .on('trace_codes')
    .columns(['merchant_id', 'suspected_at'])
    .execute();

  await db.schema
    .createTable('trace_code_scans')
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('code_id', 'integer', (c) => c.notNull().references('trace_codes.id').onDelete('cascade'))
    .addColumn('batch_id', 'integer', (c) => c.notNull())
    // the consumer's visit (a random cookie): one scan per visit however often the page reloads
    .addColumn('visit', 'varchar(32)', (c) => c.notNull())
    .addColumn('scanned_at', ms, (c) => c.notNull())
    // a place key of the address table ('' = unknown); the address itself is not kept
    .addColumn('place', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('trace_code_scans_visit_uq')
    .on('trace_code_scans')
    .columns(['code_id', 'visit'])
    .unique()
    .execute();
  await db.schema
    .createIndex('trace_code_scans_batch_idx')
    .on('trace_code_scans')
    .columns(['batch_id', 'scanned_at'])
    .execute();

  await db.schema
    .createTable('trace_code_settings')
    .addColumn('merchant_id', 'integer', (c) => c.primaryKey())
    .addColumn('max_scans', 'integer', (c) => c.notNull())
    .addColumn('far_km', 'integer', (c) => c.notNull())
    .addColumn('window_hours', 'integer', (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['trace_code_settings', 'trace_code_scans', 'trace_codes', 'trace_code_jobs'])
    await db.schema.dropTable(t).ifExists().execute();
}
