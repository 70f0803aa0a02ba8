import { DEVICE_CLASSES, DEVICE_MODEL, MAX_READINGS_PER_MESSAGE, telemetryPayload } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { generateHistory, type HistorySpec } from './history';

const DAY = 86_400_000;
const FROM = Date.UTC(2024, 0, 1);
const all = (spec: HistorySpec, from: number, to: number, step: number) =>
  [...generateHistory(spec, from, to, step)].flat();

describe('generateHistory', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = all({ deviceClass: 'soilStation', seed: 7 }, FROM, FROM + 10 * DAY, 600_000);
    const b = all({ deviceClass: 'soilStation', seed: 7 }, FROM, FROM + 10 * DAY, 600_000);
    const c = all({ deviceClass: 'soilStation', seed: 8 }, FROM, FROM + 10 * DAY, 600_000);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(a).toHaveLength(10 * 144 + 1);
  });

  // how fast is measured in bench/ (a timed unit test fails on a busy machine, not on slow code)
  it('produces a year of 10-minute readings, every message within the size limit', () => {
    for (const deviceClass of ['weatherStation', 'soilStation'] as const) {
      let n = 0;
      for (const batch of generateHistory(
        { deviceClass, serial: 'BENCH-1', model: deviceClass === 'weatherStation' ? 'QX-12' : undefined },
        FROM,
        FROM + 365 * DAY,
        600_000,
      )) {
        expect(batch.length).toBeLessThanOrEqual(MAX_READINGS_PER_MESSAGE);
        n += batch.length;
      }
      expect(n).toBe(365 * 144 + 1);
    }
  });

  it('keeps every class inside the model: its keys only, valid payloads, values in range', () => {
    for (const deviceClass of DEVICE_CLASSES) {
      const readings = all(
        { deviceClass, serial: `R-${deviceClass}` },
        Date.UTC(2024, 6, 1),
        Date.UTC(2024, 6, 15),
        15 * 60_000,
      );
      const params = new Map(DEVICE_MODEL[deviceClass].params.map((p) => [p.key, p]));
      if (params.size === 0) {
        expect(readings, deviceClass).toEqual([]);
        continue;
      }
      expect(() => telemetryPayload.parse({ readings: readings.slice(0, 1000) })).not.toThrow();
      const wrong: string[] = [];
      for (const r of readings) {
        for (const [k, v] of Object.entries(r.values)) {
          const p = params.get(k);
          if (!p) wrong.push(`${deviceClass}.${k} is not a parameter`);
          else if (v < p.min || v > p.max) wrong.push(`${deviceClass}.${k}=${v} outside ${p.min}..${p.max}`);
          else if (Math.round(v * 10 ** p.decimals) / 10 ** p.decimals !== v)
            wrong.push(`${deviceClass}.${k}=${v} not rounded`);
        }
      }
      expect(wrong.slice(0, 5)).toEqual([]);
    }
  });

  it('applies a daily command schedule, so history shows operations', () => {
    const readings = all(
      {
        deviceClass: 'irrigationController',
        serial: 'IC-1',
        daily: [{ at: '06:00', name: 'startIrrigation', params: { zones: [1], durationMin: 30 } }],
      },
      Date.UTC(2024, 4, 1),
      Date.UTC(2024, 4, 4),
      5 * 60_000,
    );
    const open = readings.filter((r) => r.values.valve1 === 1);
    expect(open.length).toBeGreaterThanOrEqual(3 * 5);
    expect(open.length).toBeLessThanOrEqual(3 * 7);
    // 06:00 at UTC+8 is 22:00 UTC.
    for (const r of open) expect(new Date(r.ts).getUTCHours()).toBe(22);
    expect(readings.at(-1)!.values.totalWater).toBeGreaterThan(readings[0].values.totalWater);
  });

  it('names the field of a bad spec or range', () => {
    const gen =
      (spec: HistorySpec, from = FROM, to = FROM + DAY, step = 600_000) =>
      () => [...generateHistory(spec, from, to, step)];
    expect(gen({ deviceClass: 'nope' as never })).toThrow(/deviceClass/);
    expect(gen({ deviceClass: 'weatherStation', model: 'X' })).toThrow(/model: must be one of/);
    expect(gen({ deviceClass: 'weatherStation' }, FROM, FROM + DAY, 0)).toThrow(/stepMs/);
    expect(gen({ deviceClass: 'weatherStation' }, FROM + DAY, FROM)).toThrow(/toTs/);
    expect(gen({ deviceClass: 'irrigationController', daily: [{ at: '25:00', name: 'stopIrrigation' }] })).toThrow(
      /daily\.0\.at/,
    );
    expect(gen({ deviceClass: 'irrigationController', daily: [{ at: '06:00', name: 'fly' }] })).toThrow(
      /daily\.0\.name/,
    );
    expect(
      gen({
        deviceClass: 'irrigationController',
        daily: [{ at: '06:00', name: 'setValve', params: { valve: 99, on: true } }],
      }),
    ).toThrow(/daily\.0\.params\.valve/);
  });
});
