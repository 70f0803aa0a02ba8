import { z } from 'zod';
import { daysBetween } from './days';
import { id } from './envelope';
import { ruleIssue } from './errorDetail';
import { PEST_KIND_PERMIT } from './pests';
import { dayField } from './production/coreValues';
import { FAMILY_PERMIT_URL } from './telemetry';

/**
 * Agronomy computed on the server (ARCHITECTURE, third wave): reference evapotranspiration by FAO-56
 * Penman-Monteith and pest degree days, per day of a park (its own zone), each day with the inputs the
 * formula used, so pages, rules, reports and screens share one answer and anyone can recompute it.
 * Formulas, constants and sources: docs/IRRIGATION.md (ET0) and docs/PESTS.md (degree days).
 */

/** Longest range of one request: five years of days, as the pest statistics. */
export const MAX_AGRONOMY_DAYS = 1830;

export const dayRange = { from: dayField(), to: dayField() };
const range = dayRange;
export function checkRange(v: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const days = daysBetween(v.from, v.to);
  if (days < 0) ctx.addIssue(ruleIssue(['to'], 'notBefore', { other: 'from' }));
  else if (days >= MAX_AGRONOMY_DAYS) ctx.addIssue(ruleIssue(['to'], 'rangeDays', { max: MAX_AGRONOMY_DAYS }));
}

/** Days `from`..`to` (both included, the park's days); days from today on are not answered (not over yet). */
export const et0ListQuery = z.object({ groupId: id, ...range }).superRefine(checkRange);
export type Et0ListQuery = z.infer<typeof et0ListQuery>;
export const degreeDayListQuery = z.object({ groupId: id, categoryId: id, ...range }).superRefine(checkRange);
export type DegreeDayListQuery = z.infer<typeof degreeDayListQuery>;

/** ET0 is read from the park's weather station: the weather monitoring pages' permission. */
export const ET0_PERMIT_URL = FAMILY_PERMIT_URL.weather;
/** Degree days join a pest category with the station's heat: the pest pages' or the weather pages' permission. */
export const DEGREE_DAY_PERMIT_URLS = [PEST_KIND_PERMIT.insect, FAMILY_PERMIT_URL.weather] as const;

/**
 * What stood in for a missing value, named in each day's `fallbacks` (FAO-56 chapter 3, "missing data",
 * unless said otherwise):
 * - elevationDefault: the park states no elevation; 0 m.
 * - pressureFromElevation: the station reports no air pressure; FAO-56 eq. 7 from the elevation.
 * - humidityFromDewPoint: no relative humidity; the station's mean dew point (eq. 14).
 * - humidityFromTmin: neither; the day's minimum temperature as dew point.
 * - radiationFromTemperature: no radiation readings; Hargreaves' radiation formula (eq. 50, kRs 0.16).
 * - windDefault: no wind readings; 2 m/s.
 * - windHeightDefault: the park states no wind sensor height; the readings are taken as at 2 m.
 * - windConvertedTo2m: not a fallback but a conversion: the sensor is not at 2 m (eq. 47).
 */
export const ET0_FALLBACKS = [
  'elevationDefault',
  'pressureFromElevation',
  'humidityFromDewPoint',
  'humidityFromTmin',
  'radiationFromTemperature',
  'windDefault',
  'windHeightDefault',
  'windConvertedTo2m',
] as const;
export type Et0Fallback = (typeof ET0_FALLBACKS)[number];

/** A park day's ET0 (mm) and what the daily FAO-56 Penman-Monteith equation used, after any fallback. */
export interface Et0Day {
  date: string;
  /** null: the station has no temperature that day (FAO-56 has no stand-in for it). */
  et0Mm: number | null;
  latitude: number;
  elevationM: number;
  tMin: number | null;
  tMax: number | null;
  /** Relative humidity (%) of the day: actual vapour pressure by eq. 17; null when not measured. */
  rhMin: number | null;
  rhMax: number | null;
  /** Dew point (°C) used for the vapour pressure when there is no humidity (eq. 14). */
  tDew: number | null;
  /** Wind speed at 2 m (m/s). */
  windMs: number | null;
  /** Height of the wind sensor the reading was converted from (m). */
  windHeightM: number;
  /** Solar radiation, measured or estimated (MJ/m²/day). */
  radiationMJ: number | null;
  pressureKPa: number;
  fallbacks: Et0Fallback[];
}

export interface StationRef {
  deviceId: number;
  deviceName: string;
}

export interface Et0List {
  /** The park's weather station read (its first), or null. */
  station: StationRef | null;
  /** Why there are no days: no station, or no latitude on the station nor the park. */
  missing: ('station' | 'latitude')[];
  days: Et0Day[];
}

export const DEGREE_DAY_METHODS = ['average', 'singleSine'] as const;
export type DegreeDayMethod = (typeof DEGREE_DAY_METHODS)[number];

/** A category's degree-day model: thresholds in °C, its degree days in °C·day. */
export interface DegreeDaySettings {
  method: DegreeDayMethod;
  baseC: number;
  /** Horizontal cutoff; null = none. */
  upperC: number | null;
  /** 'MM-DD': the running sum restarts on this day every year. */
  startMonthDay: string;
}

/**
 * Defaults by category code, where a published model gives thresholds (sources in docs/PESTS.md); other
 * categories take GENERIC_DEGREE_DAYS. A category's own stored settings win over both.
 */
export const DEGREE_DAY_DEFAULTS: Record<string, DegreeDaySettings> = {
  // codling moth: 50 °F / 88 °F from biofix, here from 1 March until a biofix is set
  cydia_pomonella: { method: 'singleSine', baseC: 10, upperC: 31.1, startMonthDay: '03-01' },
  spodoptera_frugiperda: { method: 'singleSine', baseC: 12.6, upperC: null, startMonthDay: '01-01' },
  agrotis_ipsilon: { method: 'singleSine', baseC: 10.4, upperC: 30, startMonthDay: '01-01' },
  helicoverpa_armigera: { method: 'singleSine', baseC: 11, upperC: null, startMonthDay: '01-01' },
  spodoptera_exigua: { method: 'singleSine', baseC: 12.2, upperC: null, startMonthDay: '01-01' },
  plutella_xylostella: { method: 'singleSine', baseC: 7, upperC: null, startMonthDay: '01-01' },
};
/** The usual growing degree days: base 10 °C, daily average, no cutoff, from 1 January. */
export const GENERIC_DEGREE_DAYS: DegreeDaySettings = {
  method: 'average',
  baseC: 10,
  upperC: null,
  startMonthDay: '01-01',
};

export interface DegreeDay {
  date: string;
  tMin: number | null;
  tMax: number | null;
  method: DegreeDayMethod;
  baseC: number;
  upperC: number | null;
  /** The day's degree days (°C·day); null when the station has no temperature that day (adds nothing). */
  dd: number | null;
  /** Running sum since `startDate` (°C·day). */
  sum: number;
  /** The start day the sum runs from. */
  startDate: string;
}

export interface DegreeDayList {
  station: StationRef | null;
  category: { categoryId: number; code: string; name: string };
  /** Where the settings come from: the category's own, its code's defaults, or the generic ones. */
  settings: DegreeDaySettings & { source: 'category' | 'pestDefault' | 'generic' };
  days: DegreeDay[];
}
