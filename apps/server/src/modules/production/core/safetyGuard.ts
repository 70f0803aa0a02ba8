import { addDays, Code, dayIn, type HarvestEffect, type SafetyIntervalParams } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import type { Scope } from '../../../db/scope';
import { ApiError } from '../../../http/apiError';
import { zoneOfPark } from '../../parks/repo';
import { growingPlantingsOf, harvestsWithoutOverride, type PlantingsOf, spraysCovering } from './harvestsRepo';

/**
 * The one guard of the pesticide safety interval (issue 24): a harvest may not fall on a day from a spray's
 * day to its day plus the safety days, unless an administrator kept it with a reason. A harvest checks the
 * sprays before it is written; a farm-work write (a spray recorded late, backdated, moved to another plot or
 * planting, a planned spray marked done, a plot-level spray) checks the harvests after it is written, inside
 * its transaction, so whichever order the records come in, no harvest ends inside an interval unnoticed.
 * The safety days are each spray's own (kept when it was recorded), so editing a material cannot reopen it.
 */

type Spray = Pick<Awaited<ReturnType<typeof spraysCovering>>[number], 'done_on' | 'name' | 'safety_days'>;

/** The latest-ending interval among `sprays` that `day` falls inside, if any. */
function worstBlock(sprays: Spray[], day: string): SafetyIntervalParams | null {
  let worst: SafetyIntervalParams | null = null;
  for (const s of sprays) {
    if (!s.done_on) continue;
    const firstDay = addDays(s.done_on, Number(s.safety_days));
    if (day >= s.done_on && day < firstDay && (!worst || firstDay > worst.firstDay))
      worst = { pesticide: s.name, sprayedOn: s.done_on, firstDay };
  }
  return worst;
}

/** The interval a harvest of the planting on `day` would fall inside, if any. */
export async function safetyBlock(db: Db, scope: Scope, groupId: number, plantingId: number, day: string) {
  return worstBlock(await spraysCovering(db, scope, groupId, { plantingIds: [plantingId] }), day);
}

/**
 * What a spray not yet done would do to the planned harvests of the growing plantings it covers: each
 * planting's expected harvest day against the interval of every pesticide of the spray, as if sprayed on
 * `plannedOn` (the same rule as the guard, so the console shows before anyone sprays what the guard will
 * refuse once the spray is done).
 */
export async function plannedSprayEffects(
  db: Db,
  scope: Scope,
  groupId: number,
  which: PlantingsOf,
  plannedOn: string,
  pesticides: { name: string; safetyDays: number }[],
): Promise<HarvestEffect[]> {
  const sprays = pesticides.map((p) => ({ done_on: plannedOn, name: p.name, safety_days: p.safetyDays }));
  return (await growingPlantingsOf(db, scope, groupId, which)).map((p) => ({
    plantingId: p.id,
    cropName: p.crop_name,
    areaPointName: p.area_point_name,
    expectedHarvestOn: p.expected_harvest_on,
    block: worstBlock(sprays, p.expected_harvest_on),
  }));
}

/**
 * Harvests without an override that lie inside an interval of a spray covering their planting; with
 * `workIds`, only the intervals of those works' sprays (what one write changed).
 */
export async function harvestsInInterval(
  db: Db,
  scope: Scope,
  groupId: number,
  which: PlantingsOf,
  workIds?: number[],
) {
  const [all, harvests] = await Promise.all([
    spraysCovering(db, scope, groupId, which),
    harvestsWithoutOverride(db, scope, groupId, which),
  ]);
  const sprays = workIds ? all.filter((s) => workIds.includes(s.work_id)) : all;
  const found: (SafetyIntervalParams & { harvestId: number; harvestedOn: string })[] = [];
  for (const h of harvests) {
    const block = worstBlock(
      sprays.filter((s) => s.planting_id === h.planting_id),
      h.harvested_on,
    );
    if (block) found.push({ ...block, harvestId: h.id, harvestedOn: h.harvested_on });
  }
  return found;
}

/** An administrator's reason on a farm-work write, which keeps the harvests its sprays now cover. */
export interface SprayOverride {
  isAdmin: boolean;
  reason: string | null;
}

/**
 * Refuses a farm-work write whose sprays put a harvest inside their safety interval (run in the write's
 * transaction, after the write, so the refusal undoes it). `field` is where the console shows it: the day done.
 * A spray that truly happened is not to be hidden, so an administrator may record it with a reason: the answer
 * is then the harvests it covers, which the caller keeps with that reason (harvests.ts `keepOverridden`).
 */
export async function guardSprays(
  trx: Db,
  scope: Scope,
  groupId: number,
  which: PlantingsOf,
  workIds: number[],
  override: SprayOverride = { isAdmin: false, reason: null },
  field = 'doneOn',
): Promise<number[]> {
  const hits = await harvestsInInterval(trx, scope, groupId, which, workIds);
  if (hits.length === 0) return [];
  if (override.reason !== null && override.isAdmin) return [...new Set(hits.map((h) => h.harvestId))];
  if (override.reason !== null)
    throw new ApiError(
      Code.PERMISSION_DENIED,
      {
        zh: 'overrideReason: 只有管理员可以登记落在已采收记录安全间隔期内的喷药',
        en: 'overrideReason: only an administrator may record a spray whose safety interval covers a harvest',
      },
      { field: 'overrideReason', rule: 'invalid' },
    );
  const { harvestedOn, pesticide, sprayedOn, firstDay } = hits[0];
  throw new ApiError(Code.CONFLICT, undefined, {
    field,
    rule: 'harvestInInterval',
    params: { harvestedOn, pesticide, sprayedOn, firstDay },
  });
}

/** Refuses a day after today in the park's zone (a harvest or work done cannot be recorded ahead of time). */
export async function notAfterToday(db: Db, groupId: number, day: string | null, field: string, tzName: string) {
  if (day === null) return;
  const today = dayIn(await zoneOfPark(db, groupId, tzName));
  if (day > today) throw new ApiError(Code.VALIDATION, undefined, { field, rule: 'notFuture' });
}
