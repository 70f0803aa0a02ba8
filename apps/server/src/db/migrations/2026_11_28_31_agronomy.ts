import type { Kysely } from 'kysely';

/**
 * Agronomy on the server (issues 26 and 27): a park's elevation and its weather station's wind sensor
 * height (reference evapotranspiration), and each pest category's degree-day model. All nullable: null
 * means "not stated", and the computation names the fallback it used instead. One column a statement:
 * SQLite adds columns one at a time. Never imports app code.
 */
const COLUMNS: [table: string, column: string, type: 'double precision' | 'varchar(12)' | 'varchar(5)'][] = [
  ['groups', 'elevation_m', 'double precision'],
  ['groups', 'wind_height_m', 'double precision'],
  // average | singleSine
  ['pest_categories', 'dd_method', 'varchar(12)'],
  ['pest_categories', 'dd_base_c', 'double precision'],
  ['pest_categories', 'dd_upper_c', 'double precision'],
  // 'MM-DD'
  ['pest_categories', 'dd_start', 'varchar(5)'],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column, type] of COLUMNS) await db.schema.alterTable(table).addColumn(column, type).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column] of [...COLUMNS].reverse()) await db.schema.alterTable(table).dropColumn(column).execute();
}
