import type { Kysely } from 'kysely';
import { idColumn, ms } from './columns';

/**
 * The file store's ledger (issue 28, point 2): one row per file a merchant keeps in the store, by kind and
 * content (`sha256`, `ext`), with its size. A merchant's use is the sum of its rows, counted once however
 * many records name the same content. The same content kept by two merchants has a row for each, so
 * each pays for it and neither's removal takes it from the other. `merchants.file_quota_mb` is the
 * merchant's quota (10 GB unless the platform administrator sets another). A label sheet gets its file's
 * name in the store (`file_sha256`). Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  const withId = idColumn(db);
  await withId(db.schema.createTable('stored_files'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
    // images | reports | videos | labels
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('sha256', 'char(64)', (c) => c.notNull())
    .addColumn('ext', 'varchar(5)', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addUniqueConstraint('stored_files_one', ['merchant_id', 'kind', 'sha256'])
    .execute();
  await db.schema.createIndex('stored_files_content_idx').on('stored_files').columns(['kind', 'sha256']).execute();
  await db.schema
    .alterTable('merchants')
    .addColumn('file_quota_mb', 'integer', (c) => c.notNull().defaultTo(10240))
    .execute();
  await db.schema.alterTable('trace_label_jobs').addColumn('file_sha256', 'char(64)').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('trace_label_jobs').dropColumn('file_sha256').execute();
  await db.schema.alterTable('merchants').dropColumn('file_quota_mb').execute();
  await db.schema.dropTable('stored_files').execute();
}
