import { describe, expect, it } from 'vitest';
import {
  averageDegreeDays,
  daysFrom,
  degreeDaySeries,
  seasonStart,
  settingsOf,
  singleSineDegreeDays,
} from './degreeDays';

const T = { baseC: 10, upperC: 30 };

/**
 * Hand-computed days, base 10 °C and cutoff 30 °C. Single sine: M = (min + max) / 2, W = (max − min) / 2,
 * θ1 = asin((10 − M) / W), θ2 = asin((30 − M) / W), worked out below each case (and checked by summing the
 * clipped sine over 200,000 steps of a day).
 */
/** [case, tMin, tMax, daily average, single sine], base 10 °C and cutoff 30 °C. */
const DAYS: [string, number, number, number, number][] = [
  ['below the base', 2, 8, 0, 0],
  ['between the thresholds: the mean above the base', 12, 24, 8, 8],
  // average (4 + 20) / 2 − 10; sine M 12, W 8, θ1 = asin(−0.25) = −0.25268:
  // [2 · (π/2 + 0.25268) + 8 · cos θ1] / π = 11.39293 / π
  ['straddling the base', 4, 20, 2, 3.6265],
  // a cool day: nothing by the average ((0 + 19) / 2 < 10), its warm hours by the sine: M 9.5, W 9.5,
  // θ1 = asin(0.5 / 9.5) = 0.052656: [−0.5 · (π/2 − 0.052656) + 9.5 · cos θ1] / π = 8.72776 / π
  ['straddling the base, mean below it', 0, 19, 0, 2.7781],
  // average (20 + 30) / 2 − 10; sine M 28, W 8, θ2 = asin(0.25) = 0.25268:
  // [18 · (θ2 + π/2) + 20 · (π/2 − θ2) − 8 · cos θ2] / π = (32.82264 + 26.36240 − 7.74597) / π
  ['straddling the cutoff: the hot hours count as the cutoff', 20, 36, 15, 16.3735],
  ['above the cutoff: the whole day counts as the cutoff', 32, 38, 20, 20],
  // average (5 + 30) / 2 − 10; sine M 20, W 15, θ1 = −θ2 = asin(−2/3): [10 · 2θ2 + 20 · (π/2 − θ2)] / π = 10
  ['straddling both', 5, 35, 7.5, 10],
];

describe('degree days of one day', () => {
  it.each(DAYS)('%s (%s to %s °C)', (_, tMin, tMax, average, sine) => {
    expect(averageDegreeDays(tMin, tMax, T)).toBeCloseTo(average, 10);
    expect(singleSineDegreeDays(tMin, tMax, T)).toBeCloseTo(sine, 4);
  });

  it('without an upper cutoff the hot hours count in full; a day without range is its temperature', () => {
    const noCut = { baseC: 12.6, upperC: null };
    expect(averageDegreeDays(20, 36, noCut)).toBeCloseTo(15.4, 10);
    expect(singleSineDegreeDays(20, 36, noCut)).toBeCloseTo(15.4, 10);
    expect(singleSineDegreeDays(15, 15, noCut)).toBeCloseTo(2.4, 10);
    expect(singleSineDegreeDays(5, 5, noCut)).toBe(0);
  });
});

describe('degree-day settings and running sums', () => {
  const category = { code: 'x', dd_method: null, dd_base_c: null, dd_upper_c: null, dd_start: null };

  it('takes the category’s own model, else its code’s published default, else the generic one', () => {
    expect(settingsOf({ ...category, code: 'cydia_pomonella' })).toEqual({
      method: 'singleSine',
      baseC: 10,
      upperC: 31.1,
      startMonthDay: '03-01',
      source: 'pestDefault',
    });
    expect(settingsOf({ ...category, code: 'spodoptera_frugiperda' })).toMatchObject({ baseC: 12.6, upperC: null });
    expect(settingsOf({ ...category, code: 'toString' })).toMatchObject({ method: 'average', source: 'generic' });
    expect(settingsOf({ ...category, dd_method: 'average', dd_base_c: 8, dd_upper_c: 28, dd_start: '04-15' })).toEqual({
      method: 'average',
      baseC: 8,
      upperC: 28,
      startMonthDay: '04-15',
      source: 'category',
    });
  });

  it('runs each season from its start day', () => {
    expect(seasonStart('2026-02-28', '03-01')).toBe('2025-03-01');
    expect(seasonStart('2026-03-01', '03-01')).toBe('2026-03-01');
    expect(seasonStart('2026-12-31', '01-01')).toBe('2026-01-01');
  });

  it('sums day by day, restarts on the start day and adds nothing for a day without readings', () => {
    const days = daysFrom('2026-02-27', '2026-03-03');
    expect(days).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03']);
    const temps = new Map([
      ['2026-02-27', { min: 12, max: 24 }],
      ['2026-02-28', { min: 4, max: 20 }],
      ['2026-03-01', { min: 20, max: 36 }],
      ['2026-03-03', { min: 5.004, max: 34.996 }],
    ]);
    const s = { method: 'average' as const, baseC: 10, upperC: 30, startMonthDay: '03-01' };
    const series = degreeDaySeries(days, temps, s);
    expect(series.map((d) => [d.date, d.dd, d.sum, d.startDate])).toEqual([
      ['2026-02-27', 8, 8, '2026-02-27'],
      ['2026-02-28', 2, 10, '2026-02-27'],
      ['2026-03-01', 15, 15, '2026-03-01'],
      ['2026-03-02', null, 15, '2026-03-01'],
      // extremes are answered (and computed) to 0.01 °C: 5 and 35
      ['2026-03-03', 7.5, 22.5, '2026-03-01'],
    ]);
    expect(series[4]).toMatchObject({ tMin: 5, tMax: 35, method: 'average', baseC: 10, upperC: 30 });
    const sine = degreeDaySeries(days, temps, { ...s, method: 'singleSine' });
    expect(sine.map((d) => d.dd)).toEqual([8, 3.63, 16.37, null, 10]);
    expect(sine[4].sum).toBe(26.37);
  });
});
