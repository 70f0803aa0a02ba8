import type { Kysely } from 'kysely';

/**
 * A farm work's material line keeps the safety days its material had when the work was recorded: editing a
 * pesticide's safety days later (to 0 and back) must not move the safety interval of a spray already done.
 * Existing lines take their material's present value. Never imports app code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped schema of their own time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('production_farm_work_materials')
    .addColumn('safety_days', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('production_farm_work_materials')
    .set((eb) => ({
      safety_days: eb
        .selectFrom('production_materials')
        .select('production_materials.safety_days')
        .whereRef('production_materials.id', '=', 'production_farm_work_materials.material_id'),
    }))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('production_farm_work_materials').dropColumn('safety_days').execute();
}
