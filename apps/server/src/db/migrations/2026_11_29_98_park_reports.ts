import type { Kysely } from 'kysely';
import { day, idColumn, ms, tenant } from './columns';

/**
 * Scheduled park reports (issue 27, point 4). A contact reads its reports in its language (`lang`, 'zh' or
 * 'en'). A park has one schedule (`report_settings`: daily or weekly on an ISO weekday, at an hour of the
 * park's zone, to some contacts: ids as JSON text). A report (`park_reports`) is built once per park,
 * frequency and period (the unique key is what keeps a second tick from building it twice); its files (a
 * PDF summary and an XLSX workbook per language) are rows of `park_report_files` in the file store. Each
 * e-mail to a contact is a row of `report_deliveries`, sent and retried by the outbox. Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  const withId = idColumn(db);
  await db.schema
    .alterTable('alarm_contacts')
    .addColumn('lang', 'varchar(8)', (c) => c.notNull().defaultTo('zh'))
    .execute();
  await tenant(withId(db.schema.createTable('report_settings')))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('frequency', 'varchar(16)', (c) => c.notNull())
    .addColumn('weekday', 'integer', (c) => c.notNull())
    .addColumn('send_hour', 'integer', (c) => c.notNull())
    .addColumn('contact_ids', 'text', (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addUniqueConstraint('report_settings_one', ['group_id'])
    .execute();
  await tenant(withId(db.schema.createTable('park_reports')))
    .addColumn('frequency', 'varchar(16)', (c) => c.notNull())
    .addColumn('period_start', day, (c) => c.notNull())
    .addColumn('period_end', day, (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addUniqueConstraint('park_reports_one', ['group_id', 'frequency', 'period_start'])
    .execute();
  await withId(db.schema.createTable('park_report_files'))
    .addColumn('report_id', 'integer', (c) => c.notNull().references('park_reports.id').onDelete('cascade'))
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addUniqueConstraint('park_report_files_one', ['report_id', 'lang', 'kind'])
    .execute();
  await withId(db.schema.createTable('report_deliveries'))
    .addColumn('report_id', 'integer', (c) => c.notNull().references('park_reports.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer')
    .addColumn('contact_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(255)', (c) => c.notNull())
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', ms, (c) => c.notNull())
    .addColumn('last_error', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('sent_at', ms)
    .execute();
  await db.schema
    .createIndex('report_deliveries_due_idx')
    .on('report_deliveries')
    .columns(['state', 'next_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_deliveries').execute();
  await db.schema.dropTable('park_report_files').execute();
  await db.schema.dropTable('park_reports').execute();
  await db.schema.dropTable('report_settings').execute();
  await db.schema.alterTable('alarm_contacts').dropColumn('lang').execute();
}
