import type { Kysely } from 'kysely';

/**
 * Administration: `users.kind` tells console staff ('staff') from data-screen accounts ('screen'),
 * which sign in but may only open the data screens of their parks.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().defaultTo('staff'))
    .execute();
  await db.schema.createIndex('users_role_idx').on('users').column('role_id').execute();
  await db.schema.createIndex('system_log_merchant_id_idx').on('system_log').columns(['merchant_id', 'id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('system_log_merchant_id_idx').ifExists().execute();
  await db.schema.dropIndex('users_role_idx').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('kind').execute();
}
