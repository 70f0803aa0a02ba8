import type { Db } from '../../../db/connect';

/**
 * Rows of the production core for tests, inserted directly: a crop with a standard, a planting on the
 * park's first plot, a person serving the park and a harvest by them. Used by this module's tests and by
 * the tenant-isolation walk (as another merchant's real ids).
 */
export async function productionRows(db: Db, merchantId: number, groupId: number, sownOn = '2026-01-01') {
  const now = Date.now();
  const plot = await db
    .selectFrom('area_points')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('group_id', '=', groupId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const crop = await db
    .insertInto('production_crops')
    .values({
      merchant_id: merchantId,
      name: '测试番茄',
      variety: '测试',
      category: '蔬菜',
      growing_days: 120,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stage = await db
    .insertInto('production_growth_stages')
    .values({ merchant_id: merchantId, crop_id: crop.id, name: '苗期', start_day: 0, end_day: 400, tasks: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('production_stage_ranges')
    .values({ stage_id: stage.id, merchant_id: merchantId, param_key: 'airTemp', min: 18, max: 28 })
    .execute();
  const planting = await db
    .insertInto('production_plantings')
    .values({
      merchant_id: merchantId,
      group_id: groupId,
      area_point_id: plot.id,
      crop_id: crop.id,
      area_mu: 2,
      sown_on: sownOn,
      expected_harvest_on: '2026-12-31',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const person = await db
    .insertInto('production_personnel')
    .values({ merchant_id: merchantId, name: '测试采收员', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('production_personnel_parks')
    .values({ personnel_id: person.id, group_id: groupId, merchant_id: merchantId })
    .execute();
  const harvest = await db
    .insertInto('production_harvests')
    .values({
      merchant_id: merchantId,
      group_id: groupId,
      planting_id: planting.id,
      harvested_on: '2026-06-01',
      quantity: 10,
      unit: 'kg',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('production_harvest_people')
    .values({ harvest_id: harvest.id, personnel_id: person.id, merchant_id: merchantId })
    .execute();
  return {
    plotId: plot.id,
    cropId: crop.id,
    stageId: stage.id,
    plantingId: planting.id,
    personId: person.id,
    harvestId: harvest.id,
  };
}
export type ProductionRows = Awaited<ReturnType<typeof productionRows>>;

/** Inputs of the production core routes for the tenant-isolation walk. */
export const PRODUCTION_SAMPLES: Record<string, string> = {
  post: '',
  idNumber: '',
  variety: '',
  category: '',
  growingDays: '100',
  stages: '[]',
  areaMu: '1',
  sownOn: '2026-03-01',
  transplantedOn: '',
  expectedHarvestOn: '2026-07-01',
  notes: '',
  harvestedOn: '2026-06-01',
  quantity: '1',
  unit: 'kg',
  grade: '',
  warehouse: '',
  overrideReason: '',
};
export const PRODUCTION_ID_KEYS = ['cropId', 'plantingId', 'personnelIds'];
const STATUS: Record<string, string> = { personnel: 'active', planting: 'growing' };
/** `status` of the personnel and planting routes (the walk's shared sample is a device status). */
export function productionRouteSample(url: string, key: string): string | undefined {
  const area = /\/api\/merchant\/production\/(personnel|planting)\//.exec(url)?.[1];
  return area && key === 'status' ? STATUS[area] : undefined;
}
/** Another merchant's id of the route's own kind, for `id`, `cropId`, `plantingId`, `personnelIds`. */
export function productionForeignId(url: string, key: string, rows: ProductionRows): string | undefined {
  const area = /\/api\/merchant\/production\/(personnel|crop|growthStage|planting|harvest)\//.exec(url)?.[1];
  if (key === 'cropId') return String(rows.cropId);
  if (key === 'plantingId') return String(rows.plantingId);
  if (key === 'personnelIds') return String(rows.personId);
  if (key !== 'id' || !area) return undefined;
  const byArea = {
    personnel: rows.personId,
    crop: rows.cropId,
    growthStage: rows.cropId,
    planting: rows.plantingId,
    harvest: rows.harvestId,
  };
  return String(byArea[area as keyof typeof byArea]);
}

/** The walk's value for an input of a production core route: another merchant's id of its kind, or its status. */
export function productionInput(url: string, key: string, rows: ProductionRows): string | undefined {
  return productionForeignId(url, key, rows) ?? productionRouteSample(url, key);
}
