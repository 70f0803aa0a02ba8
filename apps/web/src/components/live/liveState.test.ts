import type { DeviceParamConfig } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { applyStatus, applyTelemetry, fromConfig } from './liveState';

const device = (deviceId: number): DeviceParamConfig => ({
  deviceId,
  serial: `S${deviceId}`,
  deviceName: `D${deviceId}`,
  deviceClass: 'weatherStation',
  model: 'QX-8',
  online: false,
  lastReportAt: 1000,
  groups: [],
  params: [],
  latest: { airTemp: { value: 20, ts: 1000, prev: 19 } },
});

describe('live state', () => {
  it('a newer reading becomes latest, the old value its prev, and marks the tile changed', () => {
    const list = [fromConfig(device(1)), fromConfig(device(2))];
    const next = applyTelemetry(list, {
      readings: [{ deviceId: 1, ts: 2000, values: { airTemp: 21.5, airHumidity: 60 } }],
    });
    expect(next[0].latest.airTemp).toEqual({ value: 21.5, ts: 2000, prev: 20 });
    expect(next[0].latest.airHumidity).toEqual({ value: 60, ts: 2000, prev: null });
    expect(next[0].changedAt).toEqual({ airTemp: 2000, airHumidity: 2000 });
    expect(next[0]).toMatchObject({ lastReportAt: 2000, online: true });
    expect(next[1]).toBe(list[1]);
  });

  it('ignores redelivered or older readings and messages of other devices', () => {
    const list = [fromConfig(device(1))];
    expect(
      applyTelemetry(list, { readings: [{ deviceId: 1, ts: 1000, values: { airTemp: 99 } }] })[0].latest.airTemp.value,
    ).toBe(20);
    expect(applyTelemetry(list, { readings: [{ deviceId: 7, ts: 5000, values: { airTemp: 99 } }] })).toBe(list);
    expect(applyTelemetry(list, { nonsense: true } as never)).toBe(list);
  });

  it('the same value again does not flash', () => {
    const list = [fromConfig(device(1))];
    const next = applyTelemetry(list, { readings: [{ deviceId: 1, ts: 3000, values: { airTemp: 20 } }] });
    expect(next[0].changedAt).toEqual({});
    expect(next[0].latest.airTemp.ts).toBe(3000);
  });

  it('status messages set online and offline', () => {
    const list = [fromConfig(device(1))];
    const on = applyStatus(list, { deviceId: 1, online: true, ts: 1 });
    expect(on[0].online).toBe(true);
    expect(applyStatus(on, { deviceId: 1, online: true, ts: 2 })).toBe(on);
    expect(applyStatus(on, { deviceId: 1, online: false, ts: 3 })[0].online).toBe(false);
  });
});
