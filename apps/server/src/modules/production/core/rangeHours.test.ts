import { addDays, dayIn } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { sendReadings } from '../../../test/devices';
import { describeEachEngine } from '../../../test/harness';
import { P } from './permits';
import { type DemoFarm, demoFarm, okPost, plant } from './testFixture';

const HOUR = 3_600_000;

/**
 * A planting's "hours out of range in the last 7 days" is read from the hourly rollups; here it must equal
 * the same count made from the raw readings: hours whose mean over the devices serving the key lay outside the
 * range. Only the plot's bound sensor counts: a trap reporting air temperature beside it does not.
 */
describeEachEngine('production plantings: ideal ranges against telemetry', (env) => {
  let at: DemoFarm;
  const post = okPost(env, () => at.demo);
  let plantingId: number;
  let plotDevices: number[];
  let trapId: number;
  const MIN = 18;
  const MAX = 28;

  beforeAll(async () => {
    const { db } = env();
    at = await demoFarm(env());
    const park = at.park;
    const device = (serial: string) =>
      db.selectFrom('devices').select(['id', 'serial']).where('serial', '=', serial).executeTakeFirstOrThrow();
    const station = await device('DF-WS-0001');
    const trap = await device('DF-IT-0001');
    trapId = trap.id;
    // the plot is judged by the weather station alone, for air temperature; the trap reports air too
    await post('planting/updatePlotSensors', {
      groupId: park,
      areaPointId: at.plot,
      sensors: [{ deviceId: station.id, keys: ['airTemp'], placement: 'outdoor' }],
    });
    plotDevices = [station.id];

    const crop = await post('crop/addCrop', { name: '范围番茄', growingDays: 120 });
    await post('growthStage/updateStandard', {
      cropId: crop.id,
      stages: [{ name: '结果期', startDay: 0, endDay: 120, ranges: [{ key: 'airTemp', min: MIN, max: MAX }] }],
    });
    const sownOn = addDays(dayIn(env().config.tzName), -20);
    const expectedHarvestOn = addDays(sownOn, 120);
    plantingId = (await plant(post, at, { cropId: crop.id, areaMu: 2, sownOn, expectedHarvestOn })).id;

    // 120 hours of readings, 3 an hour; some hours hot, some cold, some with a mean inside but a reading out
    const now = Date.now();
    const readings: { ts: number; values: { airTemp: number } }[] = [];
    for (let h = 1; h <= 120; h++) {
      const start = Math.floor((now - h * HOUR) / HOUR) * HOUR;
      const base = h % 7 === 0 ? 33 : h % 11 === 0 ? 12 : 23;
      const spread = h % 5 === 0 ? 9 : 1;
      [base - spread, base, base + spread].forEach((v, i) => {
        readings.push({ ts: start + 60_000 * (5 + i * 20), values: { airTemp: v } });
      });
    }
    // the latest reading (now) is out of range: 31 °C
    readings.push({ ts: now - 1000, values: { airTemp: 31 } });
    for (let i = 0; i < readings.length; i += 50)
      await sendReadings(env(), station.serial, readings.slice(i, i + 50), now);
    // the trap's housing reads 5 °C every hour: it stands on no bound key, so it must count nowhere
    const cold = readings.map((r) => ({ ts: r.ts, values: { airTemp: 5 } }));
    for (let i = 0; i < cold.length; i += 50) await sendReadings(env(), trap.serial, cold.slice(i, i + 50), now);
    await env().telemetry.ingest.drain();
  });

  it('counts the same out-of-range hours as the raw readings, and says the value now is out', async () => {
    const detail = await env().get<{
      stageName: string;
      deviceIds: number[];
      params: { key: string; now: number; inRange: boolean; hoursOut7d: number }[];
    }>(`${P}/planting/getPlantingDetail`, at.demo, { id: String(plantingId) });
    expect(detail.code, detail.msg).toBe(0);
    expect(detail.data.stageName).toBe('结果期');
    expect(detail.data.deviceIds.sort()).toEqual([...plotDevices].sort());

    const since = Date.now() - 7 * 24 * HOUR;
    const raw = await env()
      .db.selectFrom('telemetry')
      .select(['ts', 'value'])
      .where('device_id', 'in', plotDevices)
      .where('key', '=', 'airTemp')
      .execute();
    const hours = new Map<number, number[]>();
    for (const r of raw) {
      const bucket = Math.floor(Number(r.ts) / HOUR) * HOUR;
      if (bucket < since) continue;
      hours.set(bucket, [...(hours.get(bucket) ?? []), Number(r.value)]);
    }
    const expected = [...hours.values()].filter((vs) => {
      const mean = vs.reduce((a, b) => a + b, 0) / vs.length;
      return mean < MIN || mean > MAX;
    }).length;
    expect(expected).toBeGreaterThan(10);

    const air = detail.data.params.find((p) => p.key === 'airTemp');
    expect(air).toMatchObject({ now: 31, inRange: false, hoursOut7d: expected });
  });

  it('lists the planting on the home card of out-of-range plantings', async () => {
    const res = await env().get<{ id: number; params: { key: string }[] }[]>(
      `${P}/planting/getOutOfRangeList`,
      at.demo,
      {
        groupId: String(env().ids.parks.farm[0]),
      },
    );
    expect(res.code).toBe(0);
    expect(res.data.find((p) => p.id === plantingId)?.params.map((p) => p.key)).toEqual(['airTemp']);
  });

  it('gives a sensor of the plot the ideal ranges of the planting growing there, for the keys it serves', async () => {
    const ranges = (deviceId: number) =>
      env().get<{ plantingId: number | null; ranges: { key: string; min: number; max: number }[] }>(
        `${P}/planting/getDeviceIdealRanges`,
        at.demo,
        { deviceId: String(deviceId) },
      );
    const station = await ranges(plotDevices[0]);
    expect(station.code).toBe(0);
    expect(station.data.ranges.map((r) => r.key)).toEqual(['airTemp']);
    // the trap serves no plot: nothing marks its tiles
    const trap = await ranges(trapId);
    expect(trap.data).toEqual({ plantingId: null, stageName: null, ranges: [] });
  });
});
