import { describe, expect, it } from 'vitest';
import { hashSeed } from '../random';
import { placeOf } from './place';
import { SoilStation, stepSoilWater } from './soil';
import { rainBetween } from './weather';

const place = placeOf(39.9, 116.4);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function station(startTs: number) {
  return new SoilStation({ deviceClass: 'soilStation', model: 'TR-4', seed: hashSeed('soil-test'), place }, startTs);
}

/** First run of `days` dry days starting in the given month. */
function dryStretch(year: number, month: number, days: number): number {
  for (let t = Date.UTC(year, month, 1); t < Date.UTC(year, month + 3, 1); t += DAY) {
    if (rainBetween(place, t - 2 * DAY, t + days * DAY) === 0) return t;
  }
  throw new Error('no dry stretch found');
}

describe('soil water', () => {
  it('wets the top layer first and the deep layer later and less', () => {
    let m = [20, 20, 20];
    m = stepSoilWater(m, { infiltrationMm: 25, et0Mm: 0, dtHours: 1 / 6 });
    expect(m[0]).toBeGreaterThan(30);
    expect(m[2]).toBeCloseTo(20, 1);
    for (let i = 0; i < 6 * 48; i++) m = stepSoilWater(m, { infiltrationMm: 0, et0Mm: 0, dtHours: 1 / 6 });
    expect(m[1]).toBeGreaterThan(20.5);
    expect(m[1] - 20).toBeGreaterThan(m[2] - 20);
  });

  it('never creates water: without input the total only falls', () => {
    const total = (m: number[]) => m[0] * 150 + m[1] * 150 + m[2] * 300;
    let m = [40, 30, 20];
    const before = total(m);
    for (let i = 0; i < 100; i++) m = stepSoilWater(m, { infiltrationMm: 0, et0Mm: 0.05, dtHours: 1 / 6 });
    expect(total(m)).toBeLessThan(before);
  });

  it('dries over dry sunny summer days and rises after irrigate()', () => {
    const start = dryStretch(2024, 5, 5);
    const s = station(start);
    s.irrigate(30);
    s.advance(start + DAY);
    const wet = s.sample();
    s.advance(start + 5 * DAY);
    const dry = s.sample();
    expect(dry.soilMoisture10).toBeLessThan(wet.soilMoisture10 - 2);

    s.irrigate(20);
    s.advance(start + 5 * DAY + 10 * 60_000);
    const after = s.sample();
    expect(after.soilMoisture10).toBeGreaterThan(dry.soilMoisture10 + 5);
  });

  it('rises after rain', () => {
    // Find an hour with a good shower after a dry day.
    let t = Date.UTC(2024, 6, 1);
    while (!(rainBetween(place, t, t + 3 * HOUR) > 8 && rainBetween(place, t - DAY, t) === 0)) t += HOUR;
    const s = station(t - 2 * DAY);
    s.advance(t);
    const before = s.sample().soilMoisture10;
    s.advance(t + 3 * HOUR);
    expect(s.sample().soilMoisture10).toBeGreaterThan(before + 3);
  });

  it('damps and delays the daily temperature swing with depth', () => {
    const start = dryStretch(2024, 6, 3);
    const s = station(start - 2 * DAY);
    const rows: Record<string, number>[] = [];
    for (let t = start; t < start + DAY; t += 20 * 60_000) {
      s.advance(t);
      rows.push({ t, ...s.sample() });
    }
    const range = (k: string) => Math.max(...rows.map((r) => r[k])) - Math.min(...rows.map((r) => r[k]));
    expect(range('soilTemp10')).toBeGreaterThan(range('soilTemp20'));
    expect(range('soilTemp20')).toBeGreaterThan(range('soilTemp40'));
    const peakAt = (k: string) => rows.reduce((a, b) => (b[k] > a[k] ? b : a)).t;
    expect(peakAt('soilTemp20')).toBeGreaterThan(peakAt('soilTemp10'));
  });

  it('refuses a negative or non-numeric irrigation', () => {
    const s = station(Date.UTC(2024, 0, 1));
    expect(() => s.irrigate(-1)).toThrow(/mm must be/);
    expect(() => s.irrigate(Number.NaN)).toThrow(/mm must be/);
  });
});
