import type { Kysely } from 'kysely';

/**
 * The water balance per zone (issue 26, point 2): a crop coefficient per growth stage (`kc`, FAO-56 Kc; null:
 * the stage states none), and per irrigation zone the area it waters in m² (`area_m2`; null: its plot's area)
 * and its emitters' application efficiency (`efficiency`, 0-1; null: the default, 0.9 for drip).
 * Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('production_growth_stages').addColumn('kc', 'double precision').execute();
  await db.schema.alterTable('irrigation_zones').addColumn('area_m2', 'double precision').execute();
  await db.schema.alterTable('irrigation_zones').addColumn('efficiency', 'double precision').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('irrigation_zones').dropColumn('efficiency').execute();
  await db.schema.alterTable('irrigation_zones').dropColumn('area_m2').execute();
  await db.schema.alterTable('production_growth_stages').dropColumn('kc').execute();
}
