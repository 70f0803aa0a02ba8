import {
  type AcceptedSprayWindow,
  type AcceptSprayWindowBody,
  addDays,
  Code,
  type HarvestEffect,
  type SprayPlanEffectQuery,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError, notFound } from '../../http/apiError';
import { requirePark, scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import type { PlantingsOf } from '../production/core/harvestsRepo';
import { plannedSprayEffects } from '../production/core/safetyGuard';
import { requireAll, requireInPark, wrongState } from '../production/stock/answers';
import { plantingInPark } from '../production/stock/choicesRepo';
import { addFarmWork, ONE_OFF } from '../production/stock/farmWork';
import { materialsIn } from '../production/stock/materialsRepo';
import { pestStages } from './service';

/**
 * From a stage forecast to work (issue 27, point 3): a spray window of the category's stage table becomes a
 * planned spraying farm work through the production module's own create path, and what the pesticides'
 * safety intervals would do to the covered plantings' planned harvests is shown before anyone sprays (by the
 * production module's one safety rule, core/safetyGuard.ts).
 */

/** The plantings a spray covers, checked as farm work checks them: the planting named on the plot, else the plot's. */
async function coveredBy(
  db: Db,
  auth: AuthContext,
  b: { groupId: number; areaPointId: number; plantingId?: number | null },
): Promise<PlantingsOf> {
  await requireInPark(db, auth, b.groupId, 'area_points', [b.areaPointId], (id) => `areaPointId ${id}: plot`);
  if (b.plantingId === undefined || b.plantingId === null) return { plotId: b.areaPointId };
  const planting = await plantingInPark(db, scopeOf(auth), b.groupId, b.plantingId);
  if (planting?.area_point_id !== b.areaPointId) throw notFound(`plantingId ${b.plantingId}: planting`);
  return { plantingIds: [planting.id] };
}

/** The park's materials of the ids, refusing any other; `field(i)` names where the console shows a refusal. */
async function materialsOf(db: Db, auth: AuthContext, groupId: number, ids: number[], field: (i: number) => string) {
  const rows = await materialsIn(db, scopeOf(auth), groupId, ids);
  requireAll(
    ids,
    rows.map((r) => r.id),
    (id, i) => `${field(i)} ${id}: material`,
  );
  return ids.map((id) => rows.find((r) => r.id === id) as (typeof rows)[number]);
}

const pesticidesOf = (materials: { kind: string; name: string; safety_days: number }[]) =>
  materials.filter((m) => m.kind === 'pesticide').map((m) => ({ name: m.name, safetyDays: Number(m.safety_days) }));

/** What spraying these materials on `plannedOn` would do to the covered plantings' planned harvests. */
export async function sprayPlanEffect(db: Db, auth: AuthContext, q: SprayPlanEffectQuery): Promise<HarvestEffect[]> {
  requirePark(auth, q.groupId);
  const which = await coveredBy(db, auth, q);
  const materials = await materialsOf(db, auth, q.groupId, q.materialIds, () => 'materialIds');
  return plannedSprayEffects(db, scopeOf(auth), q.groupId, which, q.plannedOn, pesticidesOf(materials));
}

/**
 * Accepts a spray window: a planned spraying farm work on a day of the window (not before today), with
 * pesticides from the park's stock, made by the farm-work create path; answers its id and the planned
 * harvests it affects.
 */
export async function acceptSprayWindow(
  db: Db,
  auth: AuthContext,
  b: AcceptSprayWindowBody,
  tzName: string,
): Promise<AcceptedSprayWindow> {
  requirePark(auth, b.groupId);
  const stages = await pestStages(db, auth, b, tzName);
  const window = stages.sprayWindows.find((w) => w.key === b.windowKey);
  if (!window) throw notFound(`windowKey ${b.windowKey}: spray window`);
  if (window.state === 'passed' || !window.opensOn || !window.closesOn)
    throw wrongState(
      'windowKey',
      '该施药窗口已过，或尚无法预测（没有生物学起点或近期积温）',
      'this spray window has passed, or cannot be forecast yet (no biofix or no recent heat)',
    );
  const first = [window.opensOn, addDays(stages.asOf, 1)].sort()[1];
  if (b.plannedOn < first || b.plannedOn > window.closesOn)
    throw new ApiError(Code.VALIDATION, undefined, {
      field: 'plannedOn',
      rule: 'between',
      params: { min: first, max: window.closesOn },
    });
  const field = (i: number) => `materials.${i}.materialId`;
  const materials = await materialsOf(
    db,
    auth,
    b.groupId,
    b.materials.map((m) => m.materialId),
    field,
  );
  const other = materials.findIndex((m) => m.kind !== 'pesticide');
  if (other >= 0) throw wrongState(field(other), '施药须选用农药', 'a spray takes pesticides from stock');
  const which = await coveredBy(db, auth, b);
  const { id } = await addFarmWork(
    db,
    auth,
    {
      groupId: b.groupId,
      type: 'spraying',
      areaPointId: b.areaPointId,
      plantingId: b.plantingId,
      plannedOn: b.plannedOn,
      status: 'planned',
      doneOn: null,
      notes: b.notes,
      personnelIds: b.personnelIds,
      machineryIds: [],
      materials: b.materials,
      ...ONE_OFF,
    },
    tzName,
  );
  const effects = await plannedSprayEffects(db, scopeOf(auth), b.groupId, which, b.plannedOn, pesticidesOf(materials));
  return { id, effects };
}
