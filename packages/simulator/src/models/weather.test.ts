import { describe, expect, it } from 'vitest';
import { solarHour } from '../sun';
import { placeOf } from './place';
import { rainBetween, rainRateAtHour, weatherAt } from './weather';

const beijing = placeOf(39.9, 116.4);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function mean(xs: number[]) {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

/** Samples every `stepMs` in [from, to). */
function samples(from: number, to: number, stepMs: number) {
  const out: number[] = [];
  for (let t = from; t < to; t += stepMs) out.push(t);
  return out;
}

describe('weather', () => {
  it('is warmer in the afternoon than before dawn, on average, in every season', () => {
    for (const month of [0, 3, 6, 9]) {
      const ts = samples(Date.UTC(2024, month, 1), Date.UTC(2024, month + 1, 1), 20 * 60_000);
      const at = (lo: number, hi: number) =>
        mean(
          ts
            .filter((t) => solarHour(t, beijing.lon) >= lo && solarHour(t, beijing.lon) < hi)
            .map((t) => weatherAt(t, beijing).airTemp),
        );
      expect(at(14, 16) - at(4, 6), `month ${month + 1}`).toBeGreaterThan(4);
    }
  });

  it('has a cold January and a hot July in the north, the other way round in the south', () => {
    const monthMean = (place: ReturnType<typeof placeOf>, m: number) =>
      mean(samples(Date.UTC(2024, m, 1), Date.UTC(2024, m + 1, 1), HOUR).map((t) => weatherAt(t, place).airTemp));
    expect(monthMean(beijing, 6) - monthMean(beijing, 0)).toBeGreaterThan(20);
    expect(monthMean(beijing, 0)).toBeLessThan(2);
    expect(monthMean(beijing, 6)).toBeGreaterThan(22);
    const southern = placeOf(-34.6, -58.4);
    expect(monthMean(southern, 0) - monthMean(southern, 6)).toBeGreaterThan(8);
  });

  it('has no sunshine at night and plenty at a summer noon', () => {
    let nightSamples = 0;
    for (const t of samples(Date.UTC(2024, 0, 1), Date.UTC(2025, 0, 1), 17 * 60_000)) {
      const w = weatherAt(t, beijing);
      if (w.sunElevation <= 0) {
        nightSamples++;
        expect(w.solarRadiation).toBe(0);
        expect(w.illuminance).toBe(0);
        expect(w.uvIndex).toBe(0);
      }
    }
    expect(nightSamples).toBeGreaterThan(10_000);
    const noons = samples(Date.UTC(2024, 6, 1, 4, 15), Date.UTC(2024, 7, 1), DAY).map((t) => weatherAt(t, beijing));
    expect(Math.max(...noons.map((w) => w.solarRadiation))).toBeGreaterThan(800);
  });

  it('rains a few times a month, more in summer, and counts the millimetres exactly', () => {
    const eventsIn = (from: number, to: number) => {
      let events = 0;
      for (let h = from / HOUR; h < to / HOUR; h++)
        if (rainRateAtHour(beijing, h) > 0 && rainRateAtHour(beijing, h - 1) === 0) events++;
      return events;
    };
    let summer = 0;
    let winter = 0;
    for (const y of [2022, 2023, 2024]) {
      summer += eventsIn(Date.UTC(y, 5, 1), Date.UTC(y, 8, 1));
      winter += eventsIn(Date.UTC(y, 0, 1), Date.UTC(y, 2, 1)) + eventsIn(Date.UTC(y, 11, 1), Date.UTC(y + 1, 0, 1));
    }
    const perMonthSummer = summer / 9;
    const perMonthWinter = winter / 9;
    expect(perMonthSummer).toBeGreaterThan(perMonthWinter * 1.5);
    expect(perMonthWinter).toBeGreaterThanOrEqual(0.5);
    expect(perMonthSummer).toBeLessThan(12);

    const mm = (m: number) =>
      [2022, 2023, 2024].reduce((s, y) => s + rainBetween(beijing, Date.UTC(y, m, 1), Date.UTC(y, m + 1, 1)), 0) / 3;
    expect(mm(6) + mm(7)).toBeGreaterThan(2 * (mm(0) + mm(1)));

    // Summed per interval, the total does not depend on how it is cut.
    const from = Date.UTC(2023, 6, 1);
    const to = Date.UTC(2023, 8, 1);
    const whole = rainBetween(beijing, from, to);
    const pieces = samples(from, to, 7 * 60_000).reduce(
      (s, t) => s + rainBetween(beijing, t, Math.min(to, t + 7 * 60_000)),
      0,
    );
    expect(whole).toBeGreaterThan(20);
    expect(pieces).toBeCloseTo(whole, 6);
  });

  it('moves humidity against temperature and keeps the dew point below the air temperature', () => {
    const day = samples(Date.UTC(2024, 4, 10), Date.UTC(2024, 4, 20), 30 * 60_000).map((t) => weatherAt(t, beijing));
    const t = day.map((w) => w.airTemp);
    const h = day.map((w) => w.airHumidity);
    const mt = mean(t);
    const mh = mean(h);
    const cov = mean(t.map((x, i) => (x - mt) * (h[i] - mh)));
    expect(cov).toBeLessThan(0);
    for (const w of day) expect(w.dewPoint).toBeLessThanOrEqual(w.airTemp + 1e-9);
  });

  it('gives devices at the same place the same weather, and different places different weather', () => {
    const t = Date.UTC(2024, 3, 3, 5);
    expect(weatherAt(t, placeOf(39.9, 116.4))).toEqual(weatherAt(t, placeOf(39.9, 116.4)));
    expect(weatherAt(t, placeOf(30.6, 114.3)).airTemp).not.toBe(weatherAt(t, beijing).airTemp);
  });
});
