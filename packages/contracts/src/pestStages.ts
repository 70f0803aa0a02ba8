import { z } from 'zod';
import { id } from './envelope';
import type { SafetyIntervalParams } from './production/coreHarvest';
import { dayField, optText, quantityField } from './production/stockFields';
import { listOf, nullable, optional, withDefault } from './requestValues';

/**
 * Biofix and stage forecasts of a pest category in a park (issue 27, point 2; docs/PESTS.md "Biofix and
 * stages"). The traps set the biofix: the first catch of the category that the next check of the same trap
 * also has (two pictures in a row with detections, after the staff's corrections). An operator confirms it or
 * moves it; the degree-day sum then runs from it. Each category may have a published stage table in degree
 * days after biofix; the forecast divides what remains to the next stage by the mean daily degree days of the
 * last days.
 */

/** °F·days to °C·days: a degree Fahrenheit is 5/9 of a degree Celsius. */
export const F_DAYS_TO_C = 5 / 9;
/** Days of recent heat the forecast averages. */
export const FORECAST_RECENT_DAYS = 7;

export interface PestStageDef {
  /** Named in the console's texts (`agronomy.stage.<key>`). */
  key: string;
  /** As published, in °F·days after biofix (null when published in °C·days). */
  ddF: number | null;
  /** °C·days after biofix. */
  ddC: number;
}

/** A spray window of a table: it opens when `fromStage` is reached and closes when `toStage` is. */
export interface SprayWindowDef {
  key: string;
  fromStage: string;
  toStage: string;
}

export interface PestStageTable {
  source: string;
  stages: PestStageDef[];
  sprayWindows: SprayWindowDef[];
}

const fromF = (key: string, ddF: number): PestStageDef => ({
  key,
  ddF,
  ddC: Math.round(ddF * F_DAYS_TO_C * 100) / 100,
});

/**
 * Stage tables by category code, only where published figures exist (sources in docs/PESTS.md); a category
 * without one still has its biofix and degree days, but no stages.
 */
export const PEST_STAGE_TABLES: Record<string, PestStageTable> = {
  cydia_pomonella: {
    source: 'UC IPM codling moth degree-day model (°F·days after biofix, 50 °F / 88 °F), as quoted in issue 27',
    stages: [
      fromF('firstEggHatch', 250),
      fromF('hatch20', 350),
      fromF('peakLaying', 550),
      fromF('secondGeneration', 1060),
      fromF('secondHatch', 1250),
    ],
    // the first generation's larvae hatching, before they enter the fruit: from egg hatch to 20 % hatch
    sprayWindows: [{ key: 'firstGenerationHatch', fromStage: 'firstEggHatch', toStage: 'hatch20' }],
  },
};

export const stageTableOf = (code: string): PestStageTable | null =>
  Object.hasOwn(PEST_STAGE_TABLES, code) ? PEST_STAGE_TABLES[code] : null;

/** The season of today in the park (the category's start day on or before yesterday). */
export const pestStagesQuery = z.object({ groupId: id, categoryId: id });
export type PestStagesQuery = z.infer<typeof pestStagesQuery>;

/** Confirm (the traps' day) or move (another day) the biofix of the season the day falls in. */
export const setBiofixBody = z.object({ groupId: id, categoryId: id, biofixOn: dayField() });
export type SetBiofixBody = z.infer<typeof setBiofixBody>;
/** Forget the operator's biofix of the current season: the traps' applies again. */
export const clearBiofixBody = z.object({ groupId: id, categoryId: id });
export type ClearBiofixBody = z.infer<typeof clearBiofixBody>;

/** The first sustained catch: the trap, the day of its first catch and the two checks' counts. */
export interface TrapBiofix {
  date: string;
  deviceId: number;
  deviceName: string;
  /** Detections of the category on the first catch and on the next check. */
  counts: [number, number];
}

/** `traps`: the traps' day, not confirmed; `confirmed`: the operator kept the traps' day; `moved`: another day. */
export type BiofixSource = 'traps' | 'confirmed' | 'moved';

export interface Biofix {
  date: string;
  source: BiofixSource;
  /** The traps' day when the operator saved it (null: no sustained catch then); absent for `traps`. */
  trapOnWhenSaved: string | null;
  updatedAt: number | null;
}

export interface PestStage extends PestStageDef {
  /** The day the sum since biofix reached it; null: not yet. */
  reachedOn: string | null;
  /** Estimated day for a stage not reached yet; null when it cannot be estimated. */
  forecastOn: string | null;
}

/** Why there is no forecast. */
export type ForecastGap = 'noStation' | 'noBiofix' | 'noTable' | 'noHeat' | 'allReached';

export interface StageForecast {
  /** recentMean: (next stage's °C·days − sum since biofix) ÷ mean daily degree days of the last `recentDays`. */
  method: 'recentMean';
  recentDays: number;
  /** Mean °C·day of the recent days with readings; null when none. */
  meanDd: number | null;
  nextStage: string | null;
  remainingDd: number | null;
  /** Days after `asOf` (at least 1). */
  daysAhead: number | null;
  on: string | null;
  gap: ForecastGap | null;
}

/** A window's days: reached or forecast (null when neither); `passed` once its closing stage is reached. */
export interface SprayWindow extends SprayWindowDef {
  fromDdC: number;
  toDdC: number;
  opensOn: string | null;
  closesOn: string | null;
  state: 'ahead' | 'open' | 'passed';
}

export interface PestStages {
  category: { categoryId: number; code: string; name: string };
  /** The season's start day and the last finished day it is judged on (yesterday in the park). */
  seasonStart: string;
  asOf: string;
  trapBiofix: TrapBiofix | null;
  biofix: Biofix | null;
  /** °C·days since the biofix up to `asOf`; null without a biofix or station. */
  sumSinceBiofix: number | null;
  tableSource: string | null;
  stages: PestStage[];
  forecast: StageForecast;
  sprayWindows: SprayWindow[];
}

/** The plantings a spray covers: the one named, else every growing planting of the plot (as farm work). */
const sprayTarget = { groupId: id, areaPointId: id };

/** What a spray planned on `plannedOn` with these materials would do to the plantings' planned harvests. */
export const sprayPlanEffectQuery = z.object({
  ...sprayTarget,
  plantingId: optional(id),
  plannedOn: dayField(),
  materialIds: listOf(id, (a) => a.min(1).max(30)),
});
export type SprayPlanEffectQuery = z.infer<typeof sprayPlanEffectQuery>;

/** Accepting a spray window: a planned spraying farm work inside the window with materials from stock. */
export const acceptSprayWindowBody = z.object({
  ...sprayTarget,
  categoryId: id,
  windowKey: z.string().trim().min(1).max(40),
  plantingId: nullable(id),
  plannedOn: dayField(),
  materials: listOf(z.object({ materialId: id, quantity: quantityField() }), (a) => a.min(1).max(30)),
  personnelIds: withDefault(listOf(id), []),
  notes: optText(1000),
});
export type AcceptSprayWindowBody = z.infer<typeof acceptSprayWindowBody>;

/** A covered planting's planned harvest and the interval it would fall inside (null: none). */
export interface HarvestEffect {
  plantingId: number;
  cropName: string;
  areaPointName: string | null;
  expectedHarvestOn: string;
  /** The latest-ending interval the planned harvest falls inside: the harvest waits until `firstDay`. */
  block: SafetyIntervalParams | null;
}

export interface AcceptedSprayWindow {
  /** The planned farm work made. */
  id: number;
  effects: HarvestEffect[];
}
