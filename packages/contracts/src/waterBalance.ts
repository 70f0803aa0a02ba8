import { z } from 'zod';
import { checkRange, dayRange, type StationRef } from './agronomy';
import { id } from './envelope';
import { enumField, intField, withDefault } from './requestValues';

/**
 * The water balance of an irrigation zone per day (issue 26, point 2): the crop's water use ETc = Kc × ET0
 * (FAO-56 eq. 56, single crop coefficient), the station's effective rain, the water the zone's runs
 * applied, the serving sensor's soil moisture, and the root-zone depletion (deficit) that results.
 * Formulas and sources: docs/IRRIGATION.md, "Water balance per zone".
 */

/** A stage's crop coefficient (FAO-56 Table 12 spans about 0.15 to 1.3; wider input is a typo). */
export const KC_LIMITS = { min: 0.05, max: 2 } as const;
/** A zone's application efficiency (share of the applied water the roots get), when it states none: drip. */
export const IRRIGATION_EFFICIENCY_DEFAULT = 0.9;
export const EFFICIENCY_LIMITS = { min: 0.3, max: 1 } as const;
export const ZONE_AREA_LIMITS = { min: 1, max: 1_000_000 } as const;

/**
 * Effective rain of a day, mm: rain up to `thresholdMm` a day wets leaves and the surface and evaporates
 * (counted 0); of a wetter day, `share` of the rain above the threshold reaches the roots (the rest runs off
 * or drains below them). A daily form of CROPWAT's "fixed percentage" method (FAO Irrigation and Drainage
 * Paper 46) with a daily threshold: light rain is evaporated from the wet surface.
 */
export const EFFECTIVE_RAIN = { thresholdMm: 5, share: 0.8 } as const;
export function effectiveRainMm(rainMm: number): number {
  return rainMm > EFFECTIVE_RAIN.thresholdMm ? EFFECTIVE_RAIN.share * (rainMm - EFFECTIVE_RAIN.thresholdMm) : 0;
}

const zoneOf = { groupId: id, deviceId: id, zoneNo: intField((n) => n.min(1).max(64)) };
/** Days `from`..`to` of one zone (both included, the park's days); today's row holds what is known so far. */
export const zoneWaterBalanceQuery = z.object({ ...zoneOf, ...dayRange }).superRefine(checkRange);
export type ZoneWaterBalanceQuery = z.infer<typeof zoneWaterBalanceQuery>;
export const zoneWaterBalanceExportQuery = z
  .object({ ...zoneOf, ...dayRange, format: withDefault(enumField(['csv', 'xlsx']), 'csv') })
  .superRefine(checkRange);
export type ZoneWaterBalanceExportQuery = z.infer<typeof zoneWaterBalanceExportQuery>;

/** What the balance lacks for a part of its answer: no area (no mm of water), no station, no planting or Kc. */
export const WATER_BALANCE_MISSING = ['area', 'station', 'planting'] as const;
export type WaterBalanceMissing = (typeof WATER_BALANCE_MISSING)[number];

export interface WaterBalanceDay {
  date: string;
  /** The growing planting's stage that day and its Kc (null: no planting, or its stage states no Kc). */
  stageName: string | null;
  kc: number | null;
  /** FAO-56 ET0 of the park (null: no temperature that day, or today, not over yet). */
  et0Mm: number | null;
  /** Kc × ET0 (null when either is). */
  etcMm: number | null;
  /** Rain the station measured, and the part of it counted (effectiveRainMm). */
  rainMm: number | null;
  effectiveRainMm: number;
  /** The zone's share of its machine's metered water that day, m³ and mm over the zone's area. */
  appliedM3: number;
  appliedMm: number | null;
  /** appliedMm × the zone's efficiency: what reaches the roots. */
  netIrrigationMm: number | null;
  /** Mean of the serving sensor's readings that day (%), null without one. */
  soilMoisture: number | null;
  /** Root-zone depletion at the end of the day, mm (never below 0); null before a planting. */
  deficitMm: number | null;
}

export interface ZoneWaterBalance {
  deviceId: number;
  zoneNo: number;
  zoneName: string | null;
  /** The zone's area (its own, else its plot's) and where it came from. */
  areaM2: number | null;
  areaSource: 'zone' | 'plot' | null;
  efficiency: number;
  station: StationRef | null;
  /** The sensor whose readings give the soil moisture: the one a smart rule of the zone binds. */
  sensor: { deviceId: number; deviceName: string; key: string } | null;
  missing: WaterBalanceMissing[];
  days: WaterBalanceDay[];
}
