import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

/**
 * Column pieces the migrations share. FROZEN: the migrations that use them have already run on deployed
 * databases, so changing a piece here would change what those old migrations built (a fresh install
 * would no longer match an upgraded one). A new shape gets a new name; frozen.test.ts pins the SQL of
 * every migration. Like the migrations, never imports app code.
 */

/** The auto-increment primary key `id`: serial on PostgreSQL, integer autoincrement on SQLite. */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return <T extends string>(t: CreateTableBuilder<T, never>) =>
    pg
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** A moment: epoch milliseconds. */
export const ms = 'bigint';
/** A calendar day in the park's zone, 'YYYY-MM-DD'. */
export const day = 'varchar(10)';

/** The merchant and park of a park's row; removing the park removes the row. */
export const tenant = <T extends string>(t: CreateTableBuilder<T, never>) =>
  t
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'));
