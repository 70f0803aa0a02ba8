import { expect } from 'vitest';
import type { Db } from '../../../db/connect';
import { scoped } from '../../../db/scope';
import type { TestEnv } from '../../../test/harness';
import { P } from './permits';

/** The park's first plot (the demo lays several on each park). */
export async function firstPlot(db: Db, merchantId: number, groupId: number): Promise<number> {
  const plots = scoped(db, { merchantId, groupIds: [groupId] })
    .selectFrom('area_points')
    .select('id');
  return (await plots.orderBy('id').executeTakeFirstOrThrow()).id;
}

/** Where the production tests work: the demo administrator, a park of the farm (the first) and its first plot. */
export async function demoFarm(env: TestEnv, park = env.ids.parks.farm[0]) {
  return { demo: await env.login('demo'), park, plot: await firstPlot(env.db, env.ids.merchant.farm, park) };
}
export type DemoFarm = Awaited<ReturnType<typeof demoFarm>>;

/** A production write that must succeed, as `token()`: its answer's data. */
export const okPost =
  (env: () => TestEnv, token: () => string) =>
  async <T = { id: number }>(url: string, body: object): Promise<T> => {
    const res = await env().post<T>(`${P}/${url}`, token(), body);
    expect(res.code, `${url}: ${res.msg}`).toBe(0);
    return res.data;
  };
export type OkPost = ReturnType<typeof okPost>;

/** A planting on the farm's plot through the route (one mu unless said). */
export const plant = (
  post: OkPost,
  at: DemoFarm,
  p: { cropId: number; sownOn: string; expectedHarvestOn: string; areaMu?: number },
) => post('planting/addPlanting', { groupId: at.park, areaPointId: at.plot, areaMu: 1, ...p });

/** A pesticide of the park (7 days' safety interval) with `quantity` taken into stock, through the routes. */
export async function pesticideInStock(post: OkPost, park: number, name: string, unit: string, quantity: number) {
  const { id } = await post('material/addMaterial', { groupId: park, kind: 'pesticide', name, unit, safetyDays: 7 });
  await post('material/addStockMove', { kind: 'in', materialId: id, quantity });
  return id;
}

/** A spraying of one litre of `pesticide` on the farm's plot, for `plantingId` or (null) the whole plot. */
export const sprayWork = (
  at: DemoFarm,
  pesticide: number,
  day: string,
  status: 'done' | 'planned',
  plantingId: number | null,
) => ({
  groupId: at.park,
  type: 'spraying',
  areaPointId: at.plot,
  plantingId,
  plannedOn: day,
  status,
  doneOn: status === 'done' ? day : null,
  notes: '',
  personnelIds: [],
  machineryIds: [],
  materials: [{ materialId: pesticide, quantity: 1 }],
  repeatEveryDays: null,
  repeatUntil: null,
});

/** Farm work done on a planting, inserted directly as P2's routes or the irrigation machine would keep it. */
export async function workDone(
  db: Db,
  t: { merchant_id: number; group_id: number },
  w: { type: string; area_point_id: number; planting_id: number; done_on: string; source?: string },
  machine: { water_m3?: number; fertiliser?: string; series_id?: string } = {},
) {
  const at = Date.now();
  const none = { irrigation_run_id: null, water_m3: null, series_id: null, user_id: null };
  const done = { planned_on: w.done_on, status: 'done', created_at: at, updated_at: at };
  const row = { ...t, ...none, ...w, ...machine, ...done };
  return (await db.insertInto('production_farm_work').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/**
 * Rows of the production core for tests, inserted directly: a crop with a standard, a planting on the
 * park's first plot, a person serving the park and a harvest by them. Used by this module's tests and by
 * the tenant-isolation walk (as another merchant's real ids).
 */
export async function productionRows(db: Db, merchantId: number, groupId: number, sownOn = '2026-01-01') {
  const now = Date.now();
  const plot = { id: await firstPlot(db, merchantId, groupId) };
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
  allowedHoursOut: '24',
  stages: '[]',
  // no binding: the (foreign) park and plot are what is refused
  sensors: '[]',
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
  correctionReason: '更正原因示例',
};
export const PRODUCTION_ID_KEYS = ['cropId', 'plantingId', 'personnelIds'];
const STATUS: Record<string, string> = { personnel: 'active', planting: 'growing' };
/** `status` of the personnel and planting routes (the walk's shared sample is a device status). */
export function productionRouteSample(url: string, key: string): string | undefined {
  const area = /\/api\/merchant\/production\/(personnel|planting)\//.exec(url)?.[1];
  return area && key === 'status' ? STATUS[area] : undefined;
}
const BY_KEY = { cropId: 'cropId', plantingId: 'plantingId', personnelIds: 'personId' } as const;
const BY_AREA = {
  personnel: 'personId',
  crop: 'cropId',
  growthStage: 'cropId',
  planting: 'plantingId',
  harvest: 'harvestId',
} as const;
/** Another merchant's id of the route's own kind, for `id`, `cropId`, `plantingId`, `personnelIds`. */
export function productionForeignId(url: string, key: string, rows: ProductionRows): string | undefined {
  const area = /\/api\/merchant\/production\/(personnel|crop|growthStage|planting|harvest)\//.exec(url)?.[1];
  const which = key === 'id' ? BY_AREA[area as keyof typeof BY_AREA] : BY_KEY[key as keyof typeof BY_KEY];
  return which ? String(rows[which]) : undefined;
}

/** The walk's value for an input of a production core route: another merchant's id of its kind, or its status. */
export function productionInput(url: string, key: string, rows: ProductionRows): string | undefined {
  return productionForeignId(url, key, rows) ?? productionRouteSample(url, key);
}
