import { addDays, dayIn, type Et0List, type SmartDecision, type ZoneWaterBalance } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/harness';
import { zoneClock } from '../telemetry/buckets';
import { deficitVolumeM3 } from './smartDeficit';
import {
  API,
  csvLines,
  irrigationFixture,
  irrigationRig,
  manualRun,
  quickPump,
  runOf,
  smartRule,
  soilReading,
} from './testFixture';

const P = '/api/merchant/production';
const r2 = (v: number) => Math.round(v * 100) / 100;

/**
 * A zone's water balance and a smart rule that waters by it (issue 26, points 2 and 3), on the fixture's
 * irrigation controller, zone 1: 500 m² at 80 % efficiency, on a plot whose planting was sown 12 days ago.
 */
describeEachEngine('water balance per zone', (env) => {
  const fx = irrigationFixture(env);
  let today: string;
  let station: number;
  const day = (k: number) => addDays(today, k);

  beforeAll(async () => {
    const { db, config } = env();
    const park = await db.selectFrom('groups').select('time_zone').where('id', '=', fx.park).executeTakeFirstOrThrow();
    today = dayIn(park.time_zone ?? config.tzName, Date.now());
    // the park's first weather station is the one the balance (and ET0) reads
    const first = await db
      .selectFrom('devices')
      .select(['id', 'latitude'])
      .where('group_id', '=', fx.park)
      .where('device_class', '=', 'weatherStation')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    station = first.id;
    if (first.latitude === null)
      await db.updateTable('devices').set({ latitude: 36.9 }).where('id', '=', station).execute();
    const bucket = (d: string) => zoneClock(config.tzName).dayBucket(Date.parse(`${d}T12:00:00Z`));
    await db.deleteFrom('telemetry_daily').where('device_id', 'in', [station, fx.sensorId]).execute();
    const daily = (deviceId: number, key: string, d: string, min: number, max: number, sum: number, count = 24) =>
      db
        .insertInto('telemetry_daily')
        .values({ device_id: deviceId, key, bucket: bucket(d), min, max, sum, count, last: max, last_ts: bucket(d) })
        .execute();
    for (let k = -12; k <= -1; k++) await daily(station, 'airTemp', day(k), 10, 24, 17 * 24);
    await daily(station, 'rainfall', day(-5), 0, 5, 15); // 15 mm: 0.8 × (15 - 5) = 8 mm effective
    await daily(station, 'rainfall', day(-4), 0, 1, 3); // 3 mm: below 5 mm, none effective
    await daily(fx.sensorId, 'soilMoisture20', day(-3), 22, 28, 25 * 24); // mean 25 %

    const plot = await db
      .selectFrom('area_points')
      .select('id')
      .where('group_id', '=', fx.park)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const post = async <T>(url: string, body: object) => {
      const res = await env().post<T>(url, fx.demo, body);
      if (res.code !== 0) throw new Error(`${url}: ${res.msg}`);
      return res.data;
    };
    const crop = await post<{ id: number }>(`${P}/crop/addCrop`, { name: '水量番茄', growingDays: 150 });
    await post(`${P}/growthStage/updateStandard`, {
      cropId: crop.id,
      stages: [
        { name: '苗期', startDay: 0, endDay: 9, kc: 0.6, ranges: [] },
        { name: '结果期', startDay: 10, endDay: 150, kc: 1.15, ranges: [] },
      ],
    });
    await post(`${P}/planting/addPlanting`, {
      groupId: fx.park,
      areaPointId: plot.id,
      cropId: crop.id,
      areaMu: 0.75,
      sownOn: day(-12),
      expectedHarvestOn: day(138),
    });
    const ic = fx.machines.ic.deviceId;
    await post(`${API}/alterZone`, {
      deviceId: ic,
      zoneNo: 1,
      name: '水量区',
      areaPointId: plot.id,
      areaM2: 500,
      efficiency: 0.8,
    });
    // a run three days ago over zones 1 and 2: 1 m³, so 0.5 m³ for zone 1 = 1 mm over 500 m², 0.8 mm net
    const started = Date.parse(`${day(-3)}T12:00:00Z`);
    await db
      .insertInto('irrigation_runs')
      .values(
        manualRun({
          merchant_id: fx.auth.merchantId,
          group_id: fx.park,
          device_id: ic,
          device_class: 'irrigationController',
          state: 'done',
          zones: '[1,2]',
          started_at: started,
          ended_at: started + 600_000,
          water_m3: 1,
        }),
      )
      .execute();
  }, 30_000);

  const balance = async (from: string, to: string) => {
    const res = await env().get<ZoneWaterBalance>(`${API}/getZoneWaterBalance`, fx.demo, {
      groupId: String(fx.park),
      deviceId: String(fx.machines.ic.deviceId),
      zoneNo: '1',
      from,
      to,
    });
    expect(res.code, res.msg).toBe(0);
    return res.data;
  };

  /** The deficit by hand: from the sowing at 0, + Kc × ET0 − effective rain − net irrigation, never below 0. */
  async function expectedDeficits() {
    const et0 = await env().get<Et0List>('/api/merchant/agronomy/getEt0List', fx.demo, {
      groupId: String(fx.park),
      from: day(-12),
      to: day(-1),
    });
    const et0On = new Map(et0.data.days.map((d) => [d.date, d.et0Mm as number]));
    const out = new Map<string, number>();
    let d = 0;
    for (let k = -12; k <= 0; k++) {
      const kc = k < -2 ? 0.6 : 1.15; // day 10 after sowing (k = -2) starts the second stage
      const etc = k === 0 ? 0 : r2(kc * (et0On.get(day(k)) as number));
      const rain = k === -5 ? 8 : 0;
      const net = k === -3 ? 0.8 : 0;
      d = r2(Math.max(0, d + etc - rain - net));
      out.set(day(k), d);
    }
    return { out, et0On };
  }

  it('answers Kc × ET0, effective rain, water applied, soil moisture and the running deficit per day', async () => {
    const b = await balance(day(-6), day(-1));
    const { out, et0On } = await expectedDeficits();
    expect(b).toMatchObject({ zoneName: '水量区', areaM2: 500, areaSource: 'zone', efficiency: 0.8, missing: [] });
    expect(b.station?.deviceId).toBe(station);
    expect(b.sensor).toBeNull();
    expect(b.days.map((d) => d.date)).toEqual([-6, -5, -4, -3, -2, -1].map(day));
    const at = (k: number) => b.days.find((d) => d.date === day(k));
    expect(at(-6)).toMatchObject({ stageName: '苗期', kc: 0.6, etcMm: r2(0.6 * (et0On.get(day(-6)) as number)) });
    expect(at(-5)).toMatchObject({ rainMm: 15, effectiveRainMm: 8, appliedM3: 0, appliedMm: 0 });
    expect(at(-4)).toMatchObject({ rainMm: 3, effectiveRainMm: 0 });
    expect(at(-3)).toMatchObject({ appliedM3: 0.5, appliedMm: 1, netIrrigationMm: 0.8, soilMoisture: null });
    expect(at(-2)).toMatchObject({ stageName: '结果期', kc: 1.15, etcMm: r2(1.15 * (et0On.get(day(-2)) as number)) });
    for (const d of b.days) expect(d.deficitMm).toBe(out.get(d.date));
    expect(at(-1)?.deficitMm).toBeGreaterThan(5);
    // the same day has the same deficit whatever range is asked (the balance runs from the sowing)
    expect((await balance(day(-1), day(-1))).days[0].deficitMm).toBe(out.get(day(-1)));

    const lines = await csvLines(env(), `${API}/exportZoneWaterBalance`, fx.demo, {
      groupId: String(fx.park),
      deviceId: String(fx.machines.ic.deviceId),
      zoneNo: '1',
      from: day(-6),
      to: day(-1),
    });
    expect(lines[0]).toBe(
      '日期,分区,生育期,作物系数 Kc,参考蒸散 ET0(mm),作物需水 ETc(mm),降雨(mm),有效降雨(mm),灌水量(m³),灌水深(mm),有效灌水(mm),土壤含水量(%),亏缺(mm)',
    );
    expect(lines).toHaveLength(7);
    expect(lines[3]).toContain(`${day(-4)},1区 → 水量区,苗期,0.6`);
  });

  it('refuses a machine of another park and a range upside down', async () => {
    const res = await env().get(`${API}/getZoneWaterBalance`, fx.demo, {
      groupId: String(env().ids.parks.farm[0]),
      deviceId: String(fx.machines.ic.deviceId),
      zoneNo: '1',
      from: day(-2),
      to: day(-1),
    });
    expect(res.code).toBe(1005);
    const upside = await env().get(`${API}/getZoneWaterBalance`, fx.demo, {
      groupId: String(fx.park),
      deviceId: String(fx.machines.ic.deviceId),
      zoneNo: '1',
      from: day(-1),
      to: day(-2),
    });
    expect(upside.code).toBe(1001);
  });

  it('a deficit rule skips after rain, while rain is due and while the soil is wet, then waters the zone by volume', async () => {
    const ic = fx.machines.ic.deviceId;
    await quickPump(env(), fx.demo, ic);
    const { engine, irr } = irrigationRig(env());
    const rule = await irr.smart.save(
      fx.auth,
      smartRule(fx, {
        name: '按亏缺灌溉',
        machineId: ic,
        mode: 'deficit',
        deficitMm: 5,
        startBelow: 0,
        stopAbove: 35,
        rainMm: 10,
        rainHours: 24,
      }),
    );
    expect(rule).toMatchObject({ mode: 'deficit', deficitMm: 5, sensorKey: 'soilMoisture20', stopAbove: 35 });
    await engine.refresh();
    const { out } = await expectedDeficits();
    const deficit = out.get(today) as number;
    const volumeM3 = deficitVolumeM3(deficit, 500, 0.8);
    expect(volumeM3).toBe(Math.ceil((deficit * 500) / 1000 / 0.8 / 0.1 - 1e-9) / 10);
    const numbers = { deficitMm: deficit, deficitLimitMm: 5, areaM2: 500, efficiency: 0.8, volumeM3, zones: [1] };
    const decisions = async () =>
      (await irr.smart.decisions(fx.auth, { groupId: fx.park, ruleId: rule.ruleId, pageNum: 1, pageSize: 20 })).list;
    const latest = async (): Promise<SmartDecision> => (await decisions())[0];

    // 12 mm of rain in the last hours at the park's station: more than the rule's 10 mm in 24 h
    const now = Date.now();
    await env()
      .db.insertInto('telemetry')
      .values({ device_id: fx.stationId, key: 'rainfall', ts: now - 3_600_000, value: 12 })
      .execute();
    await irr.smart.judgeDeficits(now);
    expect(await latest()).toMatchObject({
      action: 'skipped',
      reason: 'raining',
      rainMm: 12,
      runId: null,
      facts: { ...numbers, rainLimitMm: 10, rainHours: 24 },
    });
    await env()
      .db.deleteFrom('telemetry')
      .where('device_id', '=', fx.stationId)
      .where('key', '=', 'rainfall')
      .execute();

    // the station's pressure fell 5 hPa in three hours: rain is due
    const pressure = [
      [now - 3 * 3_600_000 + 60_000, 1012],
      [now - 90 * 60_000, 1009.5],
      [now - 5 * 60_000, 1007],
    ];
    for (const [ts, value] of pressure)
      await env().db.insertInto('telemetry').values({ device_id: station, key: 'airPressure', ts, value }).execute();
    await irr.smart.judgeDeficits(Date.now());
    expect(await latest()).toMatchObject({
      action: 'skipped',
      reason: 'rainDue',
      facts: { ...numbers, pressureFallHpa: 5, pressureHours: 3, rainDueFallHpa: 3.6 },
    });
    await env().db.deleteFrom('telemetry').where('device_id', '=', station).where('key', '=', 'airPressure').execute();

    // the soil is wet: the sensor reads 36 %, the rule's wet level is 35 %
    await soilReading(env(), engine, { deviceId: fx.sensorId, key: 'soilMoisture20', ts: Date.now(), value: 36 });
    await irr.smart.judgeDeficits(Date.now());
    expect(await latest()).toMatchObject({
      action: 'skipped',
      reason: 'soilWet',
      moisture: 36,
      facts: { wetAbove: 35 },
    });
    expect(
      await env()
        .db.selectFrom('irrigation_runs')
        .select('id')
        .where('trigger_ref', '=', String(rule.ruleId))
        .execute(),
    ).toEqual([]);

    // dry again: the rule waters the deficit back as a volume
    await soilReading(env(), engine, { deviceId: fx.sensorId, key: 'soilMoisture20', ts: Date.now(), value: 27 });
    await irr.smart.judgeDeficits(Date.now());
    // the rule list shows the wet check's reading as the rule's sensor value
    expect((await irr.smart.list(fx.auth, fx.park)).find((r) => r.ruleId === rule.ruleId)?.sensorValue).toBe(27);
    const started = await latest();
    expect(started).toMatchObject({ action: 'started', reason: 'deficitStart', moisture: 27, facts: numbers });
    const run = await runOf(env(), started.runId as number);
    expect(run).toMatchObject({
      trigger: 'smart',
      triggerRef: String(rule.ruleId),
      zones: [1],
      volumeM3,
      durationMin: null,
    });
    const sent = await env()
      .db.selectFrom('commands')
      .select('params')
      .where('device_id', '=', ic)
      .where('name', '=', 'startIrrigation')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(sent.params)).toMatchObject({ zones: [1], volumeM3 });
    // while its run is on, the rule starts nothing else
    await irr.smart.judgeDeficits(Date.now());
    expect((await latest()).id).toBe(started.id);
    // the rule's sensor now serves the zone: its daily mean is the balance's soil moisture
    const bound = await balance(day(-3), day(-3));
    expect(bound.sensor).toMatchObject({ deviceId: fx.sensorId, key: 'soilMoisture20' });
    expect(bound.days[0].soilMoisture).toBe(25);
    expect((await env().post(`${API}/stopRun`, fx.demo, { runId: run.runId })).code).toBe(0);
    await irr.smart.remove(fx.auth, [rule.ruleId]);
  }, 60_000);
});
