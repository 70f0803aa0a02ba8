import type { Kysely } from 'kysely';
import { day, idColumn, ms, tenant } from './columns';

/**
 * The biofix an operator confirmed or moved (issue 27, point 2): one per park, pest category and season
 * (`season_start`, the day the category's season began). `trap_on` keeps what the traps said when it was
 * saved (null: no sustained catch yet), so a later correction of the pictures shows beside it. Removing the
 * park or the category removes it. Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  const withId = idColumn(db);
  await tenant(withId(db.schema.createTable('pest_biofixes')))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('pest_categories.id').onDelete('cascade'))
    .addColumn('season_start', day, (c) => c.notNull())
    .addColumn('biofix_on', day, (c) => c.notNull())
    .addColumn('trap_on', day)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .addUniqueConstraint('pest_biofixes_one', ['group_id', 'category_id', 'season_start'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pest_biofixes').execute();
}
