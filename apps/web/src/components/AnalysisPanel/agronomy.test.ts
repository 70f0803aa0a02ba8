import type { AggregateBucket, DegreeDay, Et0Day } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import {
  agronomicKinds,
  dailyCounterTotal,
  degreeDaySummary,
  et0Summary,
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

  it('totals the server’s ET0 days that have a value and lists each fallback once', () => {
    const day = (date: string, et0Mm: number | null, fallbacks: Et0Day['fallbacks']) =>
      ({ date, et0Mm, fallbacks }) as Et0Day;
    expect(
      et0Summary([
        day('2026-06-01', 4.2, ['elevationDefault']),
        day('2026-06-02', null, []),
        day('2026-06-03', 5.05, ['elevationDefault', 'windDefault']),
      ]),
    ).toEqual({ total: 9.25, days: 2, fallbacks: ['elevationDefault', 'windDefault'] });
    expect(et0Summary([day('2026-06-02', null, [])])).toBeNull();
  });

  it('sums the range’s degree days and keeps the running sum since the start day', () => {
    const day = (date: string, dd: number | null, sum: number) =>
      ({ date, dd, sum, startDate: '2026-03-01' }) as DegreeDay;
    expect(
      degreeDaySummary([day('2026-06-01', 3.5, 410.5), day('2026-06-02', null, 410.5), day('2026-06-03', 6, 416.5)]),
    ).toEqual({
      total: 9.5,
      days: 2,
      sinceStart: 416.5,
      startDate: '2026-03-01',
    });
    expect(degreeDaySummary([])).toBeNull();
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
