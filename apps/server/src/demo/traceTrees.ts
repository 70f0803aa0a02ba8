import type { Db } from '../db/connect';
import { newTraceCodes } from '../modules/trace/codes/generator';

/** Trees of the demo, per merchant: what an orchard tags (the farm's windbreak and field-edge trees too). */
const TREES: Record<string, { species: string; variety: string; plantedYear: number }[]> = {
  'Demo Farm': [
    { species: '柑橘', variety: '沃柑', plantedYear: 2016 },
    { species: '枣树', variety: '冬枣', plantedYear: 2012 },
    { species: '银杏', variety: '', plantedYear: 1998 },
  ],
  'Green Valley Orchard': [
    { species: '苹果', variety: '红富士', plantedYear: 2015 },
    { species: '梨树', variety: '翠冠', plantedYear: 2018 },
  ],
};
const CARE = [
  { type: 'pruning', daysAgo: 120, notes: '冬季修剪' },
  { type: 'fertilising', daysAgo: 60, notes: '春季追肥' },
  { type: 'spraying', daysAgo: 20, notes: '' },
];

/**
 * One tree one code demo: on each merchant's first park, a few trees with their codes on its first plot,
 * placed around the park's point on the map, each with care records (done farm work on the tree). Demo
 * Farm's trees come first, so its first tree is tree 1 (the tenant-isolation walk names it).
 */
export async function seedTreeDemo(db: Db, now: number): Promise<void> {
  const merchants = await db.selectFrom('merchants').select(['id', 'name']).orderBy('id').execute();
  for (const m of merchants) {
    const trees = TREES[m.name];
    const plot = await db
      .selectFrom('area_points as a')
      .innerJoin('groups as g', 'g.id', 'a.group_id')
      .select(['a.id', 'a.group_id', 'g.longitude', 'g.latitude'])
      .where('a.merchant_id', '=', m.id)
      .orderBy('a.group_id')
      .orderBy('a.id')
      .executeTakeFirst();
    if (!trees || !plot) continue;
    await db.transaction().execute(async (trx) => {
      for (const [i, t] of trees.entries()) {
        const tree = await trx
          .insertInto('trace_trees')
          .values({
            merchant_id: m.id,
            group_id: plot.group_id,
            code: newTraceCodes(1)[0],
            area_point_id: plot.id,
            species: t.species,
            variety: t.variety,
            planted_year: t.plantedYear,
            longitude: plot.longitude === null ? null : plot.longitude + 0.0004 * (i + 1),
            latitude: plot.latitude === null ? null : plot.latitude - 0.0003 * (i + 1),
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const c of CARE) {
          const day = new Date(now - c.daysAgo * 86_400_000).toISOString().slice(0, 10);
          await trx
            .insertInto('production_farm_work')
            .values({
              merchant_id: m.id,
              group_id: plot.group_id,
              type: c.type,
              area_point_id: plot.id,
              planting_id: null,
              planned_on: day,
              done_on: day,
              status: 'done',
              notes: c.notes,
              irrigation_run_id: null,
              water_m3: null,
              series_id: null,
              user_id: null,
              tree_id: tree.id,
              created_at: now,
              updated_at: now,
            })
            .execute();
        }
      }
    });
  }
}
