import {
  addDays,
  DEGREE_DAY_DEFAULTS,
  DEGREE_DAY_METHODS,
  type DegreeDay,
  type DegreeDayList,
  type DegreeDayMethod,
  type DegreeDaySettings,
  GENERIC_DEGREE_DAYS,
} from '@farmpark/contracts';

/**
 * Degree days of one day (°C·day) from its minimum and maximum temperature, between a lower threshold
 * and an optional upper one with a horizontal cutoff (development stops growing above it but does not
 * fall). Pure; docs/PESTS.md states both methods.
 */
export interface Thresholds {
  baseC: number;
  /** null: no upper cutoff. */
  upperC: number | null;
}

/**
 * Daily average with horizontal cutoff: a maximum above the cutoff counts as the cutoff (so does a
 * minimum), then the mean's excess over the base, never below 0.
 */
export function averageDegreeDays(tMin: number, tMax: number, { baseC, upperC }: Thresholds): number {
  const cap = (t: number) => (upperC === null ? t : Math.min(t, upperC));
  return Math.max(0, (cap(tMin) + cap(tMax)) / 2 - baseC);
}

/**
 * Single sine with horizontal cutoff (Baskerville and Emin, 1969): the day's temperature is taken as a
 * sine from the minimum to the maximum and back, T(θ) = M + W·sin θ; the degree days are the mean over
 * the day of min(T, upper) − base where T is above the base. By symmetry the mean over half a period
 * (θ from −π/2 to π/2) is the day's, so each case integrates M + W·sin θ between the angles where the
 * curve crosses the thresholds.
 */
export function singleSineDegreeDays(tMin: number, tMax: number, { baseC, upperC }: Thresholds): number {
  const lo = Math.min(tMin, tMax);
  const hi = Math.max(tMin, tMax);
  const upper = upperC ?? Number.POSITIVE_INFINITY;
  if (hi <= baseC) return 0;
  if (lo >= upper) return upper - baseC;
  const m = (lo + hi) / 2;
  const w = (hi - lo) / 2;
  if (lo >= baseC && hi <= upper) return m - baseC;
  // angles where the sine crosses the base and the cutoff (−π/2 when it never dips below the base, π/2 when it never reaches the cutoff)
  const a1 = lo < baseC ? Math.asin((baseC - m) / w) : -Math.PI / 2;
  const a2 = hi > upper ? Math.asin((upper - m) / w) : Math.PI / 2;
  const between = (m - baseC) * (a2 - a1) + w * (Math.cos(a1) - Math.cos(a2));
  const above = hi > upper ? (upper - baseC) * (Math.PI / 2 - a2) : 0;
  return (between + above) / Math.PI;
}

export const DEGREE_DAY_METHOD: Record<DegreeDayMethod, typeof averageDegreeDays> = {
  average: averageDegreeDays,
  singleSine: singleSineDegreeDays,
};

/** A category's stored model when it has one (a base), else its code's published defaults, else the generic one. */
export function settingsOf(c: {
  code: string;
  dd_method: string | null;
  dd_base_c: number | null;
  dd_upper_c: number | null;
  dd_start: string | null;
}): DegreeDayList['settings'] {
  if (c.dd_base_c !== null) {
    const method = DEGREE_DAY_METHODS.find((m) => m === c.dd_method) ?? GENERIC_DEGREE_DAYS.method;
    const startMonthDay = c.dd_start ?? GENERIC_DEGREE_DAYS.startMonthDay;
    return { method, baseC: c.dd_base_c, upperC: c.dd_upper_c, startMonthDay, source: 'category' };
  }
  const own = Object.hasOwn(DEGREE_DAY_DEFAULTS, c.code) ? DEGREE_DAY_DEFAULTS[c.code] : undefined;
  return own ? { ...own, source: 'pestDefault' } : { ...GENERIC_DEGREE_DAYS, source: 'generic' };
}

/** The last day on or before `day` whose month and day are `startMonthDay` ('MM-DD'). */
export function seasonStart(day: string, startMonthDay: string): string {
  const year = Number(day.slice(0, 4));
  const sameYear = `${year}-${startMonthDay}`;
  return sameYear <= day ? sameYear : `${year - 1}-${startMonthDay}`;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Each day's degree days and their running sum, restarting on every start day and on every biofix (the
 * biofix day's own degree days count, as the start day's do). `days` must run without gaps from the season
 * start of its first day; a day without temperatures adds nothing. Each day is computed from its extremes
 * rounded as answered, so the answer recomputes from its own tMin and tMax.
 */
export function degreeDaySeries(
  days: readonly string[],
  temps: ReadonlyMap<string, { min: number; max: number }>,
  s: DegreeDaySettings,
  biofixes: ReadonlySet<string> = new Set(),
): DegreeDay[] {
  const compute = DEGREE_DAY_METHOD[s.method];
  let sum = 0;
  let startDate = days[0] ?? '';
  return days.map((date) => {
    if (date.slice(5) === s.startMonthDay || biofixes.has(date)) {
      sum = 0;
      startDate = date;
    }
    const t = temps.get(date);
    const tMin = t ? round2(t.min) : null;
    const tMax = t ? round2(t.max) : null;
    const dd = tMin !== null && tMax !== null ? round2(compute(tMin, tMax, s)) : null;
    sum = round2(sum + (dd ?? 0));
    return { date, tMin, tMax, method: s.method, baseC: s.baseC, upperC: s.upperC, dd, sum, startDate };
  });
}

/** Days from `from` to `to`, both included ('YYYY-MM-DD'). */
export function daysFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
