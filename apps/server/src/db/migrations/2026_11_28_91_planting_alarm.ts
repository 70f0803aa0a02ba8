import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * The alarm of a planting out of its ideal range too long (issue 24, point 8). `allowed_hours_out`: the
 * consecutive hours a parameter may stay out of its stage's range before it alarms, one number per crop's
 * standard (24: a cold night is not an alarm, a whole day is). `open_key` grows to hold "rule:p<planting>:<key>"
 * (SQLite ignores varchar lengths; PostgreSQL enforces them). Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('production_crops')
    .addColumn('allowed_hours_out', 'integer', (c) => c.notNull().defaultTo(24))
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await db.schema
      .alterTable('alarms')
      .alterColumn('open_key', (c) => c.setDataType('varchar(120)'))
      .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('production_crops').dropColumn('allowed_hours_out').execute();
}
