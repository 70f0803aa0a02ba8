import { describe, expect, it } from 'vitest';
import { hashSeed } from '../random';
import { InsectLamp } from './insectLamp';
import { placeOf } from './place';
import { rainBetween } from './weather';

const place = placeOf(39.9, 116.4); // UTC+8
const ctx = { deviceClass: 'insectLamp' as const, model: 'SC-30', seed: hashSeed('lamp'), place };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Local (UTC+8) time of a day in July 2024. */
const local = (day: number, h: number, m = 0) => Date.UTC(2024, 6, day, h - 8, m);

function dryNight(): number {
  for (let d = 1; d < 31; d++) if (rainBetween(place, local(d, 17), local(d + 1, 7)) === 0) return d;
  throw new Error('no dry night in July');
}

describe('insecticidal lamp', () => {
  it('in auto mode is on at night, off by day, kills insects at night and resets the count at local midnight', () => {
    const d = dryNight();
    const lamp = new InsectLamp(ctx, local(d, 10));
    const at = (ts: number) => {
      lamp.advance(ts);
      return lamp.sample();
    };
    const noon = at(local(d, 12));
    expect(noon).toMatchObject({ lamp: 0, mode: 1 });
    const lateEvening = at(local(d, 23, 50));
    expect(lateEvening.lamp).toBe(1);
    expect(lateEvening.killCount).toBeGreaterThan(20);
    const afterMidnight = at(local(d + 1, 0, 20));
    expect(afterMidnight.killCount).toBeLessThan(lateEvening.killCount);
    expect(afterMidnight.lamp).toBe(1);
    const morning = at(local(d + 1, 9));
    expect(morning.lamp).toBe(0);
    expect(morning.killCount).toBeGreaterThan(afterMidnight.killCount);
  });

  it('kills more on summer nights than on winter nights', () => {
    const nightKills = (start: number) => {
      const lamp = new InsectLamp(ctx, start);
      let total = 0;
      for (let day = 0; day < 10; day++) {
        lamp.advance(start + day * DAY + 15 * HOUR); // 23:59 local, just before the reset
        total += lamp.sample().killCount;
      }
      return total;
    };
    expect(nightKills(Date.UTC(2024, 6, 1, 0, 59))).toBeGreaterThan(3 * nightKills(Date.UTC(2024, 0, 1, 0, 59)) + 10);
  });

  it('obeys manual switching and a work window', () => {
    const d = dryNight();
    const lamp = new InsectLamp(ctx, local(d, 12));
    expect(lamp.command('setLamp', { on: true })).toEqual({ state: { lamp: 1, mode: 0 } });
    lamp.advance(local(d, 13));
    expect(lamp.sample().lamp).toBe(1);
    lamp.command('setMode', { mode: 'auto' });
    lamp.command('setWorkWindow', { start: '20:00', end: '22:00' });
    lamp.advance(local(d, 21));
    expect(lamp.sample().lamp).toBe(1);
    lamp.advance(local(d, 23));
    expect(lamp.sample().lamp).toBe(0);
  });
});
