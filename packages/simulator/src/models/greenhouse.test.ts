import { describe, expect, it } from 'vitest';
import { generateHistory } from '../history';
import { hashSeed } from '../random';
import { EnvCabinet } from './greenhouse';
import { placeOf } from './place';
import { weatherAt } from './weather';

const place = placeOf(39.9, 116.4);
const ctx = { deviceClass: 'envCabinet' as const, model: 'EHC-10', seed: hashSeed('gh'), place };
const HOUR = 3_600_000;

/** A sunny July late morning (UTC+8), found rather than assumed. */
function sunnySummerMorning(): number {
  for (let t = Date.UTC(2024, 6, 1, 2); ; t += 24 * HOUR) {
    const w = weatherAt(t + 3 * HOUR, place);
    if (w.solarRadiation > 600 && w.rainRate === 0) return t;
  }
}

function run(cabinet: EnvCabinet, from: number, to: number) {
  for (let t = from; t <= to; t += 60_000) cabinet.advance(t);
  return cabinet.sample();
}

describe('greenhouse', () => {
  it('is cooler with fan and wet pad than closed in the summer sun, and cooler than with the fan alone', () => {
    const t0 = sunnySummerMorning();
    const closed = new EnvCabinet(ctx, t0);
    const fan = new EnvCabinet(ctx, t0);
    const fanPad = new EnvCabinet(ctx, t0);
    fan.command('setActuator', { actuator: 'fan', on: true });
    fanPad.command('setActuator', { actuator: 'fan', on: true });
    fanPad.command('setActuator', { actuator: 'wetPad', on: true });
    const end = t0 + 3 * HOUR;
    const c = run(closed, t0, end);
    const f = run(fan, t0, end);
    const fp = run(fanPad, t0, end);
    const outside = weatherAt(end, place).airTemp;
    expect(c.airTemp).toBeGreaterThan(outside + 10);
    expect(fp.airTemp).toBeLessThan(c.airTemp - 10);
    expect(fp.airTemp).toBeLessThan(f.airTemp - 1);
    // near the outside air, not below it: the wall and soil give back the sun they store while the pad cools
    expect(fp.airTemp).toBeLessThan(outside + 3);
    expect(fp.airHumidity).toBeGreaterThan(f.airHumidity);
  });

  it('is warmer with the heater on a winter night, and the shade screen cuts the light', () => {
    const night = Date.UTC(2024, 0, 15, 15);
    const off = new EnvCabinet(ctx, night);
    const on = new EnvCabinet(ctx, night);
    on.command('setActuator', { actuator: 'heater', on: true });
    expect(run(on, night, night + 2 * HOUR).airTemp).toBeGreaterThan(run(off, night, night + 2 * HOUR).airTemp + 5);

    const t0 = sunnySummerMorning();
    const open = new EnvCabinet(ctx, t0);
    const shaded = new EnvCabinet(ctx, t0);
    shaded.command('setActuator', { actuator: 'shadeScreen', on: true });
    expect(run(shaded, t0, t0 + HOUR).illuminance).toBeLessThan(run(open, t0, t0 + HOUR).illuminance * 0.6);
  });

  it('is a solar greenhouse: well above a cold outside, warmer by day than by night under the quilt', () => {
    const t0 = Date.UTC(2024, 10, 25, 16); // a late-November midnight (UTC+8)
    const g = new EnvCabinet(ctx, t0);
    let night = Infinity;
    let day = -Infinity;
    for (let t = t0; t <= t0 + 2 * 24 * HOUR; t += 60_000) {
      g.advance(t);
      if (t % HOUR !== 0) continue;
      const inside = g.sample().airTemp;
      expect(inside).toBeGreaterThan(weatherAt(t, place).airTemp + 4);
      night = Math.min(night, inside);
      day = Math.max(day, inside);
    }
    expect(night).toBeGreaterThan(5);
    expect(day).toBeLessThan(32);
    expect(day - night).toBeGreaterThan(5);
  });

  it('in history, is run as its rules would run it: a July week stays under 40 °C, where a shut house passes 55', () => {
    const from = Date.UTC(2025, 6, 10);
    const week = [
      ...generateHistory(
        { deviceClass: 'envCabinet', serial: 'gh-history', lat: 36.86, lon: 118.73 },
        from,
        from + 7 * 24 * HOUR,
        15 * 60_000,
      ),
    ].flat();
    const temps = week.map((r) => r.values.airTemp as number);
    expect(Math.max(...temps)).toBeLessThan(40);
    expect(week.every((r) => r.values.topVent === 1)).toBe(true);
    expect(week.some((r) => r.values.fan === 1 && r.values.wetPad === 1)).toBe(true);
    // the same week with no one opening anything
    const shut = new EnvCabinet({ ...ctx, seed: hashSeed('gh-history'), place: placeOf(36.86, 118.73) }, from);
    let hottest = 0;
    for (let t = from; t <= from + 7 * 24 * HOUR; t += 15 * 60_000) {
      shut.advance(t);
      hottest = Math.max(hottest, shut.sample().airTemp);
    }
    expect(hottest).toBeGreaterThan(55);
  });

  it('reports actuator states and keeps modes without a telemetry key', () => {
    const g = new EnvCabinet(ctx, Date.UTC(2024, 4, 1));
    expect(g.command('setActuator', { actuator: 'topVent', on: true })).toEqual({ state: { topVent: 1 } });
    expect(g.sample().topVent).toBe(1);
    expect(g.command('setMode', { actuator: 'topVent', mode: 'manual' })).toEqual({ state: {} });
    expect(g.modes.topVent).toBe('manual');
  });
});
