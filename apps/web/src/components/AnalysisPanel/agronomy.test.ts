import type { AggregateBucket } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import {
  agronomicKinds,
  dailyCounterTotal,
  growingDegreeDays,
  hoursBeyond,
  radiationMJ,
  summaryStats,
  sunshineHours,
} from './agronomy';

const b = (min: number, avg: number, max: number, count = 10): AggregateBucket => ({
  ts: 0,
  min,
  avg,
  max,
  sum: avg * count,
  count,
});

describe('agronomy', () => {
  it('summary statistics weight the mean by readings and skip empty buckets', () => {
    expect(summaryStats([b(1, 2, 3, 1), b(5, 8, 9, 3), b(-100, 0, 100, 0)])).toEqual({
      min: 1,
      max: 9,
      mean: (2 + 24) / 4,
      count: 4,
    });
    expect(summaryStats([])).toBeNull();
  });

  it('growing degree days average daily min and max above base 10, never negative', () => {
    // (8+20)/2-10 = 4; (12+30)/2-10 = 11; (2+12)/2-10 = -3 -> 0
    expect(growingDegreeDays([b(8, 0, 20), b(12, 0, 30), b(2, 0, 12)])).toBe(15);
    expect(growingDegreeDays([b(8, 0, 20)], 5)).toBe(9);
  });

  it('a daily-reset counter totals its daily maxima', () => {
    expect(dailyCounterTotal([b(0, 1, 3.5), b(0, 0, 0), b(0, 4, 12.2)])).toBeCloseTo(15.7);
  });

  it('radiation: hourly W/m2 averages to MJ/m2; sunshine hours above 120 W/m2', () => {
    // 500 W/m2 for 2 h = 3.6 MJ/m2
    expect(radiationMJ([b(0, 500, 600), b(0, 500, 700), b(0, 0, 0)])).toBeCloseTo(3.6);
    expect(sunshineHours([b(0, 500, 600), b(0, 120, 700), b(0, 121, 200), b(0, 300, 400, 0)])).toBe(2);
  });

  it('hours above or below a threshold', () => {
    const hourly = [b(0, 31, 0), b(0, 29, 0), b(0, 35, 0), b(0, 10, 0)];
    expect(hoursBeyond(hourly, 30, 'above')).toBe(2);
    expect(hoursBeyond(hourly, 12, 'below')).toBe(1);
  });

  it('names the sums that apply to a parameter', () => {
    expect(agronomicKinds('airTemp')).toEqual(['gdd']);
    expect(agronomicKinds('rainfall')).toEqual(['rain']);
    expect(agronomicKinds('solarRadiation')).toEqual(['radiation']);
    expect(agronomicKinds('co2')).toEqual([]);
  });
});
