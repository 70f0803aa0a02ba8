import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Finished records are corrected, never rewritten (issue 24): every revision of a done farm work and of a
 * harvest, as it was saved, with who saved it, when and why. The record's row holds its latest revision;
 * this table holds them all, and outlives a removal. Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('record_revisions')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull())
    // 'farmWork' | 'harvest'
    .addColumn('target_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    // 1 for the record as first finished, then one more for each correction and the removal
    .addColumn('revision', 'integer', (c) => c.notNull())
    // 'made' | 'corrected' | 'removed'
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    // JSON of the record's fields as this revision left them
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)')
    .addColumn('user_id', 'integer')
    // the name as it was then: the history still reads after the account is renamed or removed
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('record_revisions_one', ['target_type', 'target_id', 'revision'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('record_revisions').execute();
}
