import { beforeAll } from 'vitest';
import type { Db } from '../../../db/connect';
import type { TestEnv } from '../../../test/harness';

/** A park's plots, oldest first. */
export async function plotsOf(db: Db, groupId: number): Promise<number[]> {
  const rows = await db.selectFrom('area_points').select('id').where('group_id', '=', groupId).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** What the stock tests start from, filled before a file's first test: the demo's token, its first park and plots. */
export function stockFixture(env: () => TestEnv) {
  const fx = { demo: '', park: 0, plots: [] as number[] };
  beforeAll(async () => {
    fx.demo = await env().login('demo');
    fx.park = env().ids.parks.farm[0];
    fx.plots = await plotsOf(env().db, fx.park);
  });
  return fx;
}

/**
 * Rows of the production stock tables for tests, inserted directly: a pesticide with stock, a supplier,
 * a machine with a maintenance record, farm work on the park's first plot and a clip. The tenant-isolation
 * walk uses them as another merchant's real ids.
 */
export async function stockRows(db: Db, merchantId: number, groupId: number) {
  const at = Date.now();
  const t = { merchant_id: merchantId, group_id: groupId };
  const [plot] = await plotsOf(db, groupId);
  const material = await db
    .insertInto('production_materials')
    .values({
      ...t,
      kind: 'pesticide',
      name: '隔离测试农药',
      unit: 'L',
      stock: 5,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const supplier = await db
    .insertInto('production_suppliers')
    .values({ ...t, name: '隔离测试供应商', created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const machine = await db
    .insertInto('production_machinery')
    .values({ ...t, name: '隔离测试农机', status: 'in_use', created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const maintenance = await db
    .insertInto('production_maintenance')
    .values({ ...t, machinery_id: machine.id, done_on: '2026-06-01', type: '保养', created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const work = await db
    .insertInto('production_farm_work')
    .values({
      ...t,
      type: 'spraying',
      area_point_id: plot,
      planned_on: '2026-06-01',
      status: 'planned',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const video = await db
    .insertInto('production_videos')
    .values({
      ...t,
      title: '隔离测试视频',
      area_point_id: plot,
      shot_on: '2026-06-01',
      sha256: '0'.repeat(64),
      bytes: 1,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    materialId: material.id,
    supplierId: supplier.id,
    machineryId: machine.id,
    maintenanceId: maintenance.id,
    farmWorkId: work.id,
    videoId: video.id,
  };
}
export type StockRows = Awaited<ReturnType<typeof stockRows>>;

/** Optional inputs of the production stock routes that the tenant-isolation walk leaves empty. */
const EMPTY =
  'batchNo expiresOn spec registrationNo contact licence doneOn repeatEveryDays repeatUntil nextDueOn purchasedOn plate';
/** Inputs of the production stock routes for the tenant-isolation walk. */
export const STOCK_SAMPLES: Record<string, string> = {
  ...Object.fromEntries(EMPTY.split(' ').map((key) => [key, ''])),
  ...Object.fromEntries(['safetyDays', 'lowStock', 'cost'].map((key) => [key, '0'])),
  low: 'false',
  reason: '隔离测试',
  plannedOn: '2026-06-01',
  materials: '[]',
  month: '2026-06',
  type: 'spraying',
};
export const STOCK_ID_KEYS = ['materialId', 'supplierId', 'machineryId', 'materialIds', 'machineryIds'];

const AREA = /\/api\/merchant\/production\/(material|supplier|farmWork|machinery|video)\//;
/** Where a stock route needs its own value of a shared input (`kind`, `status`, `type`). */
export function stockRouteSample(url: string, key: string): string | undefined {
  const area = AREA.exec(url)?.[1];
  if (!area) return undefined;
  if (key === 'doneOn' && url.endsWith('/addMaintenance')) return '2026-06-01';
  if (key === 'kind') return url.endsWith('/addStockMove') ? 'in' : url.includes('StockMove') ? '' : 'pesticide';
  if (key === 'status') return area === 'machinery' ? 'in_use' : area === 'farmWork' ? 'planned' : undefined;
  if (key === 'type') return area === 'machinery' ? '拖拉机' : area === 'farmWork' ? 'spraying' : undefined;
  return undefined;
}

/** The row an id input names: by its key, or for `id` by the route's area. */
const ROW_OF_KEY = new Map<string, keyof StockRows>([
  ['materialId', 'materialId'],
  ['materialIds', 'materialId'],
  ['supplierId', 'supplierId'],
  ['machineryId', 'machineryId'],
  ['machineryIds', 'machineryId'],
]);
const ROW_OF_AREA = new Map<string, keyof StockRows>([
  ['material', 'materialId'],
  ['supplier', 'supplierId'],
  ['farmWork', 'farmWorkId'],
  ['machinery', 'machineryId'],
  ['video', 'videoId'],
]);

/** Another merchant's id of the route's own kind. */
export function stockForeignId(url: string, key: string, rows: StockRows): string | undefined {
  const area = AREA.exec(url)?.[1];
  const ofArea = url.endsWith('/removeMaintenance') ? 'maintenanceId' : ROW_OF_AREA.get(area ?? '');
  const row = key !== 'id' ? ROW_OF_KEY.get(key) : area ? ofArea : undefined;
  return row ? String(rows[row]) : undefined;
}

/** The walk's value for one input of a stock route: another merchant's id, or the route's own sample. */
export function stockInput(url: string, key: string, rows: StockRows): string | undefined {
  return stockForeignId(url, key, rows) ?? stockRouteSample(url, key);
}
