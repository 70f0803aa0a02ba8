import type { Db } from '../../../db/connect';
import { pageOf } from '../../../db/paging';
import { inList, type Scope } from '../../../db/scope';

/** Crops and their growth standards belong to the merchant: every park of it grows from one catalogue. */
function filtered(db: Db, merchantId: number, keyword?: string) {
  let q = db.selectFrom('production_crops as c').where('c.merchant_id', '=', merchantId);
  if (keyword) {
    const k = `%${keyword}%`;
    q = q.where((eb) => eb.or([eb('c.name', 'like', k), eb('c.variety', 'like', k), eb('c.category', 'like', k)]));
  }
  return q;
}

/** With how many stages each crop's standard has and how many of the scope's plantings grow it. */
function withCounts(db: Db, scope: Scope, keyword?: string) {
  return filtered(db, scope.merchantId, keyword).select((eb) => [
    'c.id',
    'c.name',
    'c.variety',
    'c.category',
    'c.growing_days',
    'c.picture',
    eb
      .selectFrom('production_growth_stages as s')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('s.crop_id', '=', 'c.id')
      .as('stage_count'),
    eb
      .selectFrom('production_plantings as p')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('p.crop_id', '=', 'c.id')
      .where('p.merchant_id', '=', scope.merchantId)
      .where('p.group_id', 'in', inList(scope.groupIds))
      .as('planting_count'),
  ]);
}

export function listCrops(db: Db, scope: Scope, q: { keyword?: string; pageNum: number; pageSize: number }) {
  return pageOf(
    withCounts(db, scope, q.keyword).orderBy('c.id', 'desc'),
    filtered(db, scope.merchantId, q.keyword).select((eb) => eb.fn.countAll<number>().as('n')),
    q,
  );
}

export function allCrops(db: Db, scope: Scope, keyword?: string) {
  return withCounts(db, scope, keyword).orderBy('c.id', 'desc').limit(5000).execute();
}

export function findCrop(db: Db, merchantId: number, id: number) {
  return db
    .selectFrom('production_crops')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

export interface CropFields {
  name: string;
  variety: string;
  category: string;
  growing_days: number;
}

export async function insertCrop(db: Db, merchantId: number, f: CropFields) {
  const r = await db
    .insertInto('production_crops')
    .values({ ...f, merchant_id: merchantId, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateCrop(db: Db, merchantId: number, id: number, f: CropFields) {
  await db.updateTable('production_crops').set(f).where('id', '=', id).where('merchant_id', '=', merchantId).execute();
}

/** Plantings of the crop in any park of the merchant (a crop in use anywhere stays). */
export async function plantingsOfCrop(db: Db, merchantId: number, id: number): Promise<number> {
  const r = await db
    .selectFrom('production_plantings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchant_id', '=', merchantId)
    .where('crop_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function deleteCrops(db: Db, merchantId: number, ids: number[]) {
  const stages = db
    .selectFrom('production_growth_stages')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('crop_id', 'in', inList(ids));
  await db
    .deleteFrom('production_stage_ranges')
    .where('merchant_id', '=', merchantId)
    .where('stage_id', 'in', stages)
    .execute();
  await db
    .deleteFrom('production_growth_stages')
    .where('merchant_id', '=', merchantId)
    .where('crop_id', 'in', inList(ids))
    .execute();
  await db
    .deleteFrom('production_crops')
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', inList(ids))
    .execute();
}

/** The stages of some crops with their ranges, in day order. */
export async function stagesOf(db: Db, merchantId: number, cropIds: number[]) {
  const stages = await db
    .selectFrom('production_growth_stages')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('crop_id', 'in', inList(cropIds))
    .orderBy('crop_id')
    .orderBy('start_day')
    .execute();
  const ranges = await db
    .selectFrom('production_stage_ranges')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('stage_id', 'in', inList(stages.map((s) => s.id)))
    .orderBy('param_key')
    .execute();
  return stages.map((s) => ({
    id: s.id,
    cropId: s.crop_id,
    name: s.name,
    startDay: s.start_day,
    endDay: s.end_day,
    tasks: s.tasks,
    ranges: ranges
      .filter((r) => r.stage_id === s.id)
      .map((r) => ({
        key: r.param_key,
        min: r.min === null ? null : Number(r.min),
        max: r.max === null ? null : Number(r.max),
      })),
  }));
}
export type StageWithRanges = Awaited<ReturnType<typeof stagesOf>>[number];

export interface StageInput {
  name: string;
  startDay: number;
  endDay: number;
  tasks: string;
  ranges: { key: string; min: number | null; max: number | null }[];
}

/** Replaces a crop's whole standard (one transaction: a planting never sees half a standard). */
export async function replaceStages(db: Db, merchantId: number, cropId: number, stages: StageInput[]) {
  const old = db
    .selectFrom('production_growth_stages')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('crop_id', '=', cropId);
  await db
    .deleteFrom('production_stage_ranges')
    .where('merchant_id', '=', merchantId)
    .where('stage_id', 'in', old)
    .execute();
  await db
    .deleteFrom('production_growth_stages')
    .where('merchant_id', '=', merchantId)
    .where('crop_id', '=', cropId)
    .execute();
  for (const s of [...stages].sort((a, b) => a.startDay - b.startDay)) {
    const { id } = await db
      .insertInto('production_growth_stages')
      .values({
        merchant_id: merchantId,
        crop_id: cropId,
        name: s.name,
        start_day: s.startDay,
        end_day: s.endDay,
        tasks: s.tasks,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (s.ranges.length > 0)
      await db
        .insertInto('production_stage_ranges')
        .values(
          s.ranges.map((r) => ({ stage_id: id, merchant_id: merchantId, param_key: r.key, min: r.min, max: r.max })),
        )
        .execute();
  }
}
