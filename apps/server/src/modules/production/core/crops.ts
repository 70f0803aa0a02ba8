import {
  type AddCropBody,
  Code,
  type Crop,
  type CropStandard,
  type Paged,
  type UpdateCropBody,
  type UpdateGrowthStandardBody,
} from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { insertRow, rowById, updateById } from '../../../db/rows';
import { ApiError, notFound } from '../../../http/apiError';
import { scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import * as repo from './cropsRepo';

type Row = Awaited<ReturnType<typeof repo.allCrops>>[number];
const toCrop = (r: Row): Crop => ({
  id: r.id,
  name: r.name,
  variety: r.variety,
  category: r.category,
  growingDays: r.growing_days,
  pictureUrl: r.picture ? `/api/merchant/production/crop/picture/${r.id}?v=${r.picture.slice(0, 12)}` : null,
  stageCount: Number(r.stage_count ?? 0),
  plantingCount: Number(r.planting_count ?? 0),
});

export async function listCrops(
  db: Db,
  auth: AuthContext,
  q: { keyword?: string; pageNum: number; pageSize: number },
): Promise<Paged<Crop>> {
  const { rows, total } = await repo.listCrops(db, scopeOf(auth), q);
  return { list: rows.map(toCrop), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** Every crop, for pickers (a merchant's catalogue is tens of crops, not thousands). */
export async function cropOptions(db: Db, auth: AuthContext) {
  return (await repo.allCrops(db, scopeOf(auth))).map(toCrop);
}

const fields = (b: AddCropBody): repo.CropFields => ({
  name: b.name,
  variety: b.variety,
  category: b.category,
  growing_days: b.growingDays,
});

export async function addCrop(db: Db, auth: AuthContext, body: AddCropBody) {
  const row = { ...fields(body), merchant_id: auth.merchantId, created_at: Date.now() };
  return { id: await insertRow(db, scopeOf(auth), 'production_crops', row) };
}

/** The caller's crop, or 1005 naming the field it came in. */
export async function crop(db: Db, auth: AuthContext, id: number, field = 'id') {
  const row = await rowById(db, scopeOf(auth), 'production_crops', id);
  if (!row) throw notFound(`${field} ${id}: crop`);
  return row;
}

export async function updateCrop(db: Db, auth: AuthContext, body: UpdateCropBody) {
  await crop(db, auth, body.id);
  await updateById(db, scopeOf(auth), 'production_crops', body.id, fields(body));
  return { id: body.id };
}

export async function removeCrops(db: Db, auth: AuthContext, ids: number[]) {
  for (const id of ids) {
    const row = await crop(db, auth, id);
    const n = await repo.plantingsOfCrop(db, auth.merchantId, id);
    if (n > 0)
      throw new ApiError(
        Code.CONFLICT,
        {
          zh: `作物“${row.name}”有 ${n} 个种植记录，不能删除`,
          en: `The crop "${row.name}" has ${n} plantings and cannot be removed`,
        },
        { field: 'id', rule: 'inUse', params: { count: n, value: row.name } },
      );
  }
  await db.transaction().execute((trx) => repo.deleteCrops(trx, scopeOf(auth), ids));
  return null;
}

export async function growthStandard(db: Db, auth: AuthContext, cropId: number): Promise<CropStandard> {
  const row = await crop(db, auth, cropId, 'cropId');
  const stages = await repo.stagesOf(db, scopeOf(auth), [cropId]);
  return {
    cropId,
    cropName: row.name,
    growingDays: row.growing_days,
    stages: stages.map(({ cropId: _c, ...s }) => s),
  };
}

export async function updateGrowthStandard(db: Db, auth: AuthContext, body: UpdateGrowthStandardBody) {
  const row = await crop(db, auth, body.cropId, 'cropId');
  const beyond = body.stages.find((s) => s.endDay > row.growing_days + 365);
  if (beyond)
    throw new ApiError(
      Code.VALIDATION,
      {
        zh: `stages: 阶段“${beyond.name}”超出了生长期 ${row.growing_days} 天太多`,
        en: `stages: the stage "${beyond.name}" runs far past the ${row.growing_days} growing days`,
      },
      { field: 'stages', rule: 'max', params: { max: row.growing_days + 365 } },
    );
  await db.transaction().execute((trx) => repo.replaceStages(trx, scopeOf(auth), body.cropId, body.stages));
  return { cropId: body.cropId };
}

export const CROP_EXPORT_COLUMNS = [
  { key: 'name', header: { zh: '作物', en: 'Crop' }, width: 14 },
  { key: 'variety', header: { zh: '品种', en: 'Variety' }, width: 14 },
  { key: 'category', header: { zh: '类别', en: 'Category' }, width: 12 },
  { key: 'growingDays', header: { zh: '生长期（天）', en: 'Growing days' } },
  { key: 'stageCount', header: { zh: '生长阶段数', en: 'Stages' } },
  { key: 'plantingCount', header: { zh: '种植数', en: 'Plantings' } },
];

export async function* cropExportRows(db: Db, auth: AuthContext, keyword?: string) {
  for (const c of (await repo.allCrops(db, scopeOf(auth), keyword)).map(toCrop)) yield { ...c };
}

export const STANDARD_EXPORT_COLUMNS = [
  { key: 'crop', header: { zh: '作物', en: 'Crop' }, width: 14 },
  { key: 'variety', header: { zh: '品种', en: 'Variety' }, width: 14 },
  { key: 'stage', header: { zh: '生长阶段', en: 'Stage' }, width: 14 },
  { key: 'startDay', header: { zh: '开始（播种后天数）', en: 'From day' } },
  { key: 'endDay', header: { zh: '结束（播种后天数）', en: 'To day' } },
  { key: 'tasks', header: { zh: '关键农事', en: 'Key tasks' }, width: 30 },
  { key: 'ranges', header: { zh: '理想范围', en: 'Ideal ranges' }, width: 50 },
];

const bound = (v: number | null) => (v === null ? '' : String(v));

/** One row per stage of each crop's standard; ranges as `key min~max` (an open bound left empty). */
export async function* standardExportRows(db: Db, auth: AuthContext, keyword?: string) {
  const crops = await repo.allCrops(db, scopeOf(auth), keyword);
  const stages = await repo.stagesOf(
    db,
    scopeOf(auth),
    crops.map((c) => c.id),
  );
  for (const c of crops)
    for (const s of stages.filter((x) => x.cropId === c.id))
      yield {
        crop: c.name,
        variety: c.variety,
        stage: s.name,
        startDay: s.startDay,
        endDay: s.endDay,
        tasks: s.tasks,
        ranges: s.ranges.map((r) => `${r.key} ${bound(r.min)}~${bound(r.max)}`).join('; '),
      };
}
