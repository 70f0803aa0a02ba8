import type { Db } from '../../../db/connect';
import { deleteByIds, insertRow, pageOfQuery } from '../../../db/rows';
import { merchantWide, type Scope, scoped } from '../../../db/scope';

/**
 * Crops and their growth standards belong to the merchant: every park of it grows from one catalogue (the
 * tenant plugin limits them to the merchant only). Counted with how many stages each crop's standard has
 * and how many of the scope's plantings grow it.
 */
function withCounts(db: Db, scope: Scope, keyword?: string) {
  let q = scoped(db, scope).selectFrom('production_crops as c');
  if (keyword) {
    const k = `%${keyword}%`;
    q = q.where((eb) => eb.or([eb('c.name', 'like', k), eb('c.variety', 'like', k), eb('c.category', 'like', k)]));
  }
  return q
    .select((eb) => [
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
        .as('planting_count'),
    ])
    .orderBy('c.id', 'desc');
}

export function listCrops(db: Db, scope: Scope, q: { keyword?: string; pageNum: number; pageSize: number }) {
  return pageOfQuery(withCounts(db, scope, q.keyword), q);
}

export function allCrops(db: Db, scope: Scope, keyword?: string) {
  return withCounts(db, scope, keyword).limit(5000).execute();
}

export interface CropFields {
  name: string;
  variety: string;
  category: string;
  growing_days: number;
}

/** Plantings of the crop in any park of the merchant (a crop in use anywhere stays). */
export async function plantingsOfCrop(db: Db, merchantId: number, id: number): Promise<number> {
  const r = await merchantWide(db, merchantId)
    .selectFrom('production_plantings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('crop_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The stages of some crops (subquery) and their ranges go first: nothing points at a removed row. */
async function deleteStagesOf(db: Db, scope: Scope, cropIds: readonly number[]) {
  if (cropIds.length === 0) return;
  const s = scoped(db, scope);
  const stages = s.selectFrom('production_growth_stages').select('id').where('crop_id', 'in', cropIds);
  await s.deleteFrom('production_stage_ranges').where('stage_id', 'in', stages).execute();
  await s.deleteFrom('production_growth_stages').where('crop_id', 'in', cropIds).execute();
}

export async function deleteCrops(db: Db, scope: Scope, ids: number[]) {
  await deleteStagesOf(db, scope, ids);
  await deleteByIds(db, scope, 'production_crops', ids);
}

/** The stages of some crops with their ranges, in day order. */
export async function stagesOf(db: Db, scope: Scope, cropIds: number[]) {
  if (cropIds.length === 0) return [];
  const s = scoped(db, scope);
  const stages = await s
    .selectFrom('production_growth_stages')
    .selectAll()
    .where('crop_id', 'in', cropIds)
    .orderBy('crop_id')
    .orderBy('start_day')
    .execute();
  const ranges =
    stages.length === 0
      ? []
      : await s
          .selectFrom('production_stage_ranges')
          .selectAll()
          .where(
            'stage_id',
            'in',
            stages.map((x) => x.id),
          )
          .orderBy('param_key')
          .execute();
  return stages.map((st) => ({
    id: st.id,
    cropId: st.crop_id,
    name: st.name,
    startDay: st.start_day,
    endDay: st.end_day,
    tasks: st.tasks,
    kc: st.kc === null ? null : Number(st.kc),
    ranges: ranges
      .filter((r) => r.stage_id === st.id)
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
  kc: number | null;
  ranges: { key: string; min: number | null; max: number | null }[];
}

/** Replaces a crop's whole standard (one transaction: a planting never sees half a standard). */
export async function replaceStages(db: Db, scope: Scope, cropId: number, stages: StageInput[]) {
  await deleteStagesOf(db, scope, [cropId]);
  const s = scoped(db, scope);
  const merchant_id = scope.merchantId;
  for (const st of [...stages].sort((a, b) => a.startDay - b.startDay)) {
    const stage = {
      crop_id: cropId,
      name: st.name,
      start_day: st.startDay,
      end_day: st.endDay,
      tasks: st.tasks,
      kc: st.kc,
    };
    const id = await insertRow(db, scope, 'production_growth_stages', { ...stage, merchant_id });
    if (st.ranges.length > 0)
      await s
        .insertInto('production_stage_ranges')
        .values(st.ranges.map((r) => ({ stage_id: id, merchant_id, param_key: r.key, min: r.min, max: r.max })))
        .execute();
  }
}
