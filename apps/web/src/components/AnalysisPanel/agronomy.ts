import type { AggregateBucket, DegreeDay, Et0Day, Et0Fallback } from '@farmpark/contracts';

/**
 * Agronomic sums from the server's aggregate buckets. Pure and unit-tested: the analysis page shows
 * exactly these numbers.
 */

export interface SummaryStats {
  min: number;
  max: number;
  /** Weighted by the number of readings in each bucket, so sparse buckets do not count as much. */
  mean: number;
  count: number;
}

export function summaryStats(buckets: readonly AggregateBucket[]): SummaryStats | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  let count = 0;
  for (const b of buckets) {
    if (b.count <= 0) continue;
    min = Math.min(min, b.min);
    max = Math.max(max, b.max);
    sum += b.sum;
    count += b.count;
  }
  return count === 0 ? null : { min, max, mean: sum / count, count };
}

/** The range's ET0 from the server's days: the total of the days with a value, and every fallback used. */
export function et0Summary(days: readonly Et0Day[]): { total: number; days: number; fallbacks: Et0Fallback[] } | null {
  const valued = days.filter((d) => d.et0Mm !== null);
  if (valued.length === 0) return null;
  return {
    total: valued.reduce((sum, d) => sum + (d.et0Mm ?? 0), 0),
    days: valued.length,
    fallbacks: [...new Set(valued.flatMap((d) => d.fallbacks))],
  };
}

/** The range's degree days from the server's days, and the running sum at its last day since the start day. */
export function degreeDaySummary(
  days: readonly DegreeDay[],
): { total: number; days: number; sinceStart: number; startDate: string } | null {
  const valued = days.filter((d) => d.dd !== null);
  const last = days[days.length - 1];
  if (valued.length === 0 || !last) return null;
  return {
    total: valued.reduce((sum, d) => sum + (d.dd ?? 0), 0),
    days: valued.length,
    sinceStart: last.sum,
    startDate: last.startDate,
  };
}

/**
 * Total of a counter that the device resets at midnight (rainfall, kills): each day's maximum is
 * that day's total, so the period's total is the sum of the daily maxima.
 */
export function dailyCounterTotal(daily: readonly AggregateBucket[]): number {
  let total = 0;
  for (const d of daily) if (d.count > 0) total += Math.max(0, d.max);
  return total;
}

/** Radiation energy in MJ/m² from hourly average irradiance in W/m² (1 W for 1 h = 3600 J). */
export function radiationMJ(hourly: readonly AggregateBucket[]): number {
  let joules = 0;
  for (const h of hourly) if (h.count > 0) joules += Math.max(0, h.avg) * 3600;
  return joules / 1e6;
}

/** WMO threshold for sunshine: direct irradiance above 120 W/m² (global radiation used as a proxy). */
export const SUNSHINE_W_M2 = 120;

/** Hours whose average radiation exceeds the sunshine threshold. */
export function sunshineHours(hourly: readonly AggregateBucket[], threshold = SUNSHINE_W_M2): number {
  return hourly.filter((h) => h.count > 0 && h.avg > threshold).length;
}

/** Hours whose average was above (or below) a threshold the user typed. */
export function hoursBeyond(hourly: readonly AggregateBucket[], threshold: number, side: 'above' | 'below'): number {
  return hourly.filter((h) => h.count > 0 && (side === 'above' ? h.avg > threshold : h.avg < threshold)).length;
}

/** Which sums apply to a parameter key (weather station, greenhouse and soil keys). */
export function agronomicKinds(key: string): ('gdd' | 'rain' | 'radiation')[] {
  if (key === 'airTemp') return ['gdd'];
  if (key === 'rainfall') return ['rain'];
  if (key === 'solarRadiation') return ['radiation'];
  return [];
}
