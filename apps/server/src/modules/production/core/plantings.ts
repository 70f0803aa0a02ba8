import {
  type AddPlantingBody,
  type DeviceIdealRanges,
  dayIn,
  daysBetween,
  type Paged,
  type Planting,
  type PlantingDetail,
  type PlantingListQuery,
  type PlantingOutOfRange,
  type PlantingStatus,
  type UpdatePlantingBody,
} from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { deleteByIds, insertRow, rowById, updateById } from '../../../db/rows';
import type { Scope } from '../../../db/scope';
import { notFound } from '../../../http/apiError';
import { requirePark, scopeOf } from '../../../http/scope';
import type { AuthContext } from '../../auth/sessions';
import { zoneOfPark } from '../../parks/repo';
import { cropOf } from './crops';
import { type StageWithRanges, stagesOf } from './cropsRepo';
import { paramStatuses } from './monitoring';
import * as repo from './plantingsRepo';
import { NO_SENSORS, sensorDevices, sensorsByPlot } from './plotSensors';
import { found, refuseInUse } from './refusals';

/** The stage a planting is in on `today`: the one whose day offsets after sowing hold today's. */
export function stageOn(stages: StageWithRanges[], sownOn: string, today: string) {
  const dayNo = daysBetween(sownOn, today);
  return { dayNo, stage: stages.find((s) => dayNo >= s.startDay && dayNo <= s.endDay) ?? null };
}

function toPlanting(r: repo.PlantingRow, stages: StageWithRanges[], today: string): Planting {
  const { dayNo, stage } = stageOn(
    stages.filter((s) => s.cropId === r.crop_id),
    r.sown_on,
    today,
  );
  return {
    id: r.id,
    groupId: r.group_id,
    areaPointId: r.area_point_id,
    areaPointName: r.area_point_name ?? null,
    cropId: r.crop_id,
    cropName: r.crop_name,
    variety: r.variety,
    areaMu: Number(r.area_mu),
    sownOn: r.sown_on,
    transplantedOn: r.transplanted_on,
    expectedHarvestOn: r.expected_harvest_on,
    status: r.status as PlantingStatus,
    notes: r.notes,
    dayNo,
    // A planting no longer growing is in no stage.
    stageName: r.status === 'growing' ? (stage?.name ?? null) : null,
    stageTasks: r.status === 'growing' ? (stage?.tasks ?? '') : '',
  };
}

/** The caller's planting, or 1005 naming the field it came in. */
export const plantingOf = (db: Db, auth: AuthContext, id: number, field = 'id') =>
  found(repo.findPlanting(db, scopeOf(auth), id), field, id, 'planting');

/** Plantings of a park as the console shows them: each with its stage today, in the park's zone. */
async function shown(db: Db, auth: AuthContext, groupId: number, rows: repo.PlantingRow[], tzName: string) {
  const stages = await stagesOf(db, scopeOf(auth), [...new Set(rows.map((r) => r.crop_id))]);
  const today = dayIn(await zoneOfPark(db, groupId, tzName));
  return rows.map((r) => toPlanting(r, stages, today));
}

export async function listPlantings(
  db: Db,
  auth: AuthContext,
  q: PlantingListQuery,
  tzName: string,
): Promise<Paged<Planting>> {
  requirePark(auth, q.groupId);
  const { rows, total } = await repo.listPlantings(db, scopeOf(auth), q);
  return { list: await shown(db, auth, q.groupId, rows, tzName), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** The rows of a planting export: every planting the list's filters keep, with its stage today. */
export async function* plantingExportRows(db: Db, auth: AuthContext, f: repo.PlantingFilter, tzName: string) {
  requirePark(auth, f.groupId);
  const rows = await repo.allPlantings(db, scopeOf(auth), f);
  for (const p of await shown(db, auth, f.groupId, rows, tzName))
    yield { ...p, areaPointName: p.areaPointName ?? '', stageName: p.stageName ?? '' };
}

async function currentStage(db: Db, auth: AuthContext, r: repo.PlantingRow, tzName: string) {
  const stages = await stagesOf(db, scopeOf(auth), [r.crop_id]);
  const today = dayIn(await zoneOfPark(db, r.group_id, tzName));
  const planting = toPlanting(r, stages, today);
  const stage = planting.stageName === null ? null : (stageOn(stages, r.sown_on, today).stage ?? null);
  return { planting, stage };
}

export async function plantingDetail(db: Db, auth: AuthContext, id: number, tzName: string): Promise<PlantingDetail> {
  const row = await plantingOf(db, auth, id);
  const { planting, stage } = await currentStage(db, auth, row, tzName);
  const plot = (await sensorsByPlot(db, scopeOf(auth), row.group_id)).get(row.area_point_id) ?? NO_SENSORS;
  return {
    ...planting,
    deviceIds: sensorDevices(plot.sensors),
    sensorSource: plot.source,
    params: await paramStatuses(db, plot.sensors, stage?.ranges ?? []),
  };
}

/** Growing plantings of a park with a parameter out of its ideal range now (the home page's card). */
export async function plantingsOutOfRange(
  db: Db,
  auth: AuthContext,
  groupId: number,
  tzName: string,
): Promise<PlantingOutOfRange[]> {
  requirePark(auth, groupId);
  const today = dayIn(await zoneOfPark(db, groupId, tzName));
  const out: PlantingOutOfRange[] = [];
  for (const { row: r, stage, sensors } of await growingInStage(db, scopeOf(auth), groupId, today)) {
    if (stage.ranges.length === 0) continue;
    const bad = (await paramStatuses(db, sensors, stage.ranges)).filter((p) => p.inRange === false);
    if (bad.length > 0)
      out.push({
        id: r.id,
        groupId: r.group_id,
        cropName: r.crop_name,
        areaPointName: r.area_point_name ?? null,
        stageName: stage.name,
        params: bad,
      });
  }
  return out;
}

/**
 * A park's growing plantings in their stage on `today`, each with the sensors judging its plot: what the home
 * card and the planting alarm (plantingAlarms.ts) both judge. A planting past its last stage is left out.
 */
export async function growingInStage(db: Db, scope: Scope, groupId: number, today: string) {
  const rows = await repo.allPlantings(db, scope, { groupId, status: 'growing' });
  if (rows.length === 0) return [];
  const stages = await stagesOf(db, scope, [...new Set(rows.map((r) => r.crop_id))]);
  const plots = await sensorsByPlot(db, scope, groupId);
  return rows.flatMap((row) => {
    const { stage } = stageOn(
      stages.filter((s) => s.cropId === row.crop_id),
      row.sown_on,
      today,
    );
    return stage ? [{ row, stage, sensors: (plots.get(row.area_point_id) ?? NO_SENSORS).sensors }] : [];
  });
}

/**
 * The ranges a device's real-time page marks against: those of the growing planting on a plot the device
 * serves, for the keys it serves there (a trap's air temperature is not marked against a greenhouse's range).
 */
export async function deviceIdealRanges(
  db: Db,
  auth: AuthContext,
  deviceId: number,
  tzName: string,
): Promise<DeviceIdealRanges> {
  const scope = scopeOf(auth);
  const device = await rowById(db, scope, 'devices', deviceId);
  if (!device || device.group_id === null) throw notFound(`deviceId ${deviceId}: device`);
  const served = new Map<number, string[]>();
  for (const [plot, set] of await sensorsByPlot(db, scope, device.group_id)) {
    const keys = set.sensors.filter((s) => s.deviceId === deviceId).flatMap((s) => s.keys);
    if (keys.length > 0) served.set(plot, keys);
  }
  const rows = (await repo.allPlantings(db, scope, { groupId: device.group_id, status: 'growing' })).filter((r) =>
    served.has(r.area_point_id),
  );
  for (const r of rows) {
    const { stage } = await currentStage(db, auth, r, tzName);
    const keys = served.get(r.area_point_id) ?? [];
    if (stage)
      return { plantingId: r.id, stageName: stage.name, ranges: stage.ranges.filter((x) => keys.includes(x.key)) };
  }
  return { plantingId: rows[0]?.id ?? null, stageName: null, ranges: [] };
}

async function checkRefs(db: Db, auth: AuthContext, b: AddPlantingBody) {
  requirePark(auth, b.groupId);
  const plot = await rowById(db, scopeOf(auth), 'area_points', b.areaPointId);
  if (plot?.group_id !== b.groupId) throw notFound(`areaPointId ${b.areaPointId}: plot`);
  await cropOf(db, auth, b.cropId, 'cropId');
}

const fields = (b: AddPlantingBody): repo.PlantingFields => ({
  group_id: b.groupId,
  area_point_id: b.areaPointId,
  crop_id: b.cropId,
  variety: b.variety,
  area_mu: b.areaMu,
  sown_on: b.sownOn,
  transplanted_on: b.transplantedOn,
  expected_harvest_on: b.expectedHarvestOn,
  status: b.status,
  notes: b.notes,
});

export async function addPlanting(db: Db, auth: AuthContext, body: AddPlantingBody) {
  await checkRefs(db, auth, body);
  const row = { ...fields(body), merchant_id: auth.merchantId, created_at: Date.now() };
  return { id: await insertRow(db, scopeOf(auth), 'production_plantings', row) };
}

export async function updatePlanting(db: Db, auth: AuthContext, body: UpdatePlantingBody) {
  await plantingOf(db, auth, body.id);
  await checkRefs(db, auth, body);
  await updateById(db, scopeOf(auth), 'production_plantings', body.id, fields(body));
  return { id: body.id };
}

export async function removePlantings(db: Db, auth: AuthContext, ids: number[]) {
  await refuseInUse(ids, 'planting', async (id) => ({
    name: (await plantingOf(db, auth, id)).crop_name,
    uses: await repo.usesOf(db, scopeOf(auth), id),
  }));
  await deleteByIds(db, scopeOf(auth), 'production_plantings', ids);
  return null;
}
