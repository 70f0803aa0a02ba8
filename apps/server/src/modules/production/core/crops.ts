import {
  type AddCropBody,
  Code,
  type Crop,
  type CropStandard,
  type UpdateCropBody,
  type UpdateGrowthStandardBody,
} from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { insertRow, rowById, updateById } from '../../../db/rows';
import { ApiError } from '../../../http/apiError';
import { listOf } from '../../../http/lists';
import { scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import * as repo from './cropsRepo';
import { found, refuseInUse } from './refusals';

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

export const listCrops = listOf(repo.listCrops, (rows) => rows.map(toCrop));

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
export const cropOf = (db: Db, auth: AuthContext, id: number, field = 'id') =>
  found(rowById(db, scopeOf(auth), 'production_crops', id), field, id, 'crop');

export async function updateCrop(db: Db, auth: AuthContext, body: UpdateCropBody) {
  await cropOf(db, auth, body.id);
  await updateById(db, scopeOf(auth), 'production_crops', body.id, fields(body));
  return { id: body.id };
}

export async function removeCrops(db: Db, auth: AuthContext, ids: number[]) {
  await refuseInUse(ids, 'crop', async (id) => ({
    name: (await cropOf(db, auth, id)).name,
    uses: await repo.plantingsOfCrop(db, auth.merchantId, id),
  }));
  await db.transaction().execute((trx) => repo.deleteCrops(trx, scopeOf(auth), ids));
  return null;
}

export async function growthStandard(db: Db, auth: AuthContext, cropId: number): Promise<CropStandard> {
  const row = await cropOf(db, auth, cropId, 'cropId');
  const stages = await repo.stagesOf(db, scopeOf(auth), [cropId]);
  return {
    cropId,
    cropName: row.name,
    growingDays: row.growing_days,
    allowedHoursOut: row.allowed_hours_out,
    stages: stages.map(({ cropId: _c, ...s }) => s),
  };
}

export async function updateGrowthStandard(db: Db, auth: AuthContext, body: UpdateGrowthStandardBody) {
  const row = await cropOf(db, auth, body.cropId, 'cropId');
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
  await db.transaction().execute(async (trx) => {
    await repo.replaceStages(trx, scopeOf(auth), body.cropId, body.stages);
    await updateById(trx, scopeOf(auth), 'production_crops', body.cropId, { allowed_hours_out: body.allowedHoursOut });
  });
  return { cropId: body.cropId };
}

export async function* cropExportRows(db: Db, auth: AuthContext, f: { keyword?: string }) {
  for (const c of (await repo.allCrops(db, scopeOf(auth), f.keyword)).map(toCrop)) yield { ...c };
}

const bound = (v: number | null) => (v === null ? '' : String(v));

/** One row per stage of each crop's standard; ranges as `key min~max` (an open bound left empty). */
export async function* standardExportRows(db: Db, auth: AuthContext, f: { keyword?: string }) {
  const crops = await repo.allCrops(db, scopeOf(auth), f.keyword);
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
