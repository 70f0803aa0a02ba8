import type { Kysely } from 'kysely';

/**
 * A merchant's app download links (Android, iOS, mobile web, mini-program), shown with QR codes in the
 * top bar's download dialog and on the public /download-app page. One row per merchant; '' = not
 * configured. Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('merchant_app_links')
    .addColumn('merchant_id', 'integer', (c) => c.primaryKey().references('merchants.id').onDelete('cascade'))
    .addColumn('android', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('ios', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile_web', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('mini_program', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('merchant_app_links').ifExists().execute();
}
