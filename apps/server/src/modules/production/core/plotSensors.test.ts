import { addDays, Code, dayIn, type PlotSensors } from '@farmpark/contracts';
import { beforeAll, expect, it } from 'vitest';
import { sendReadings } from '../../../test/devices';
import { describeEachEngine } from '../../../test/harness';
import { P } from './permits';
import { type DemoFarm, demoFarm, okPost, plant } from './testFixture';

/** Issue 24, point 8: plots are judged by their own sensors, bound by the operator or chosen by default. */
describeEachEngine('production: the sensors of a plot', (env) => {
  let at: DemoFarm;
  const post = okPost(env, () => at.demo);
  const device = async (serial: string) =>
    (await env().db.selectFrom('devices').select('id').where('serial', '=', serial).executeTakeFirstOrThrow()).id;
  const plotNamed = async (groupId: number, name: string) =>
    (
      await env()
        .db.selectFrom('area_points')
        .select('id')
        .where('group_id', '=', groupId)
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;
  const sensorsOf = async (groupId: number, areaPointId: number) => {
    const res = await env().get<PlotSensors>(`${P}/planting/getPlotSensors`, at.demo, {
      groupId: String(groupId),
      areaPointId: String(areaPointId),
    });
    expect(res.code, res.msg).toBe(0);
    return res.data;
  };
  const update = (body: object, lang = 'en') =>
    env().call({
      method: 'POST',
      url: `${P}/planting/updatePlotSensors`,
      token: at.demo,
      headers: { 'accept-language': lang },
      payload: body as Record<string, unknown>,
    });

  beforeAll(async () => {
    at = await demoFarm(env());
  });

  it('defaults to the stations standing in a field, and to the park weather station for the open air', async () => {
    const park = env().ids.parks.farm[1];
    const s = await sensorsOf(park, await plotNamed(park, '北二地块'));
    expect(s.source).toBe('default');
    const soil = await device('DF-SS-0002');
    const weather = await device('DF-WS-0002');
    expect(s.sensors.map((x) => [x.deviceId, x.why, x.placement])).toEqual([
      [soil, 'inPlot', 'outdoor'],
      [weather, 'parkWeather', 'outdoor'],
    ]);
    expect(s.sensors[0].keys).toContain('soilMoisture10');
    expect(s.sensors[1].keys).toContain('airTemp');
  });

  it('never takes a trap, lamp or camera as a default, though the trap may be bound by hand', async () => {
    const park = env().ids.parks.farm[2];
    const plots = await env().db.selectFrom('area_points').select('id').where('group_id', '=', park).execute();
    for (const p of plots) expect((await sensorsOf(park, p.id)).sensors).toEqual([]);
    const one = await sensorsOf(park, plots[0].id);
    const trap = one.devices.find((d) => d.deviceClass === 'insectTrap');
    expect(trap?.keys).toEqual(expect.arrayContaining(['airTemp', 'airHumidity']));
    expect(one.devices.some((d) => d.deviceClass === 'insectLamp' && d.keys.includes('airTemp'))).toBe(false);
  });

  it('keeps a plot with a greenhouse cabinet to its indoor sensors: no weather station falls in', async () => {
    // the demo's map stands both cabinets in greenhouse 1, whose operator bound its soil station instead
    const s = await sensorsOf(at.park, at.plot);
    expect(s.source).toBe('explicit');
    expect(s.sensors.map((x) => x.deviceId)).toEqual([await device('DF-SS-0001')]);
    expect(s.defaults.map((x) => [x.deviceId, x.placement])).toEqual([
      [await device('DF-EC-0001'), 'indoor'],
      [await device('DF-EC-0002'), 'indoor'],
    ]);
  });

  it('binds sensors per key, judges each key by its own sensors only, logs the change, and returns to defaults', async () => {
    const cabinet = await device('DF-EC-0001');
    const station = await device('DF-WS-0003');
    const saved = await update({
      groupId: at.park,
      areaPointId: at.plot,
      sensors: [
        { deviceId: cabinet, keys: ['airTemp'], placement: 'indoor' },
        { deviceId: station, keys: ['illuminance'], placement: 'outdoor' },
      ],
    });
    expect(saved.code, saved.msg).toBe(0);
    const now = saved.data as PlotSensors;
    expect(now.source).toBe('explicit');
    expect(now.sensors.map((x) => [x.deviceId, x.keys, x.placement, x.why])).toEqual([
      [cabinet, ['airTemp'], 'indoor', 'bound'],
      [station, ['illuminance'], 'outdoor', 'bound'],
    ]);
    const line = await env()
      .db.selectFrom('system_log')
      .select(['action', 'result', 'target_id', 'detail'])
      .where('target_type', '=', 'plotSensors')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({ action: 'production.alter', result: 'ok', target_id: String(at.plot) });
    expect(line.detail).toContain(`#${cabinet} airTemp (indoor)`);

    // a planting there: the station's cold air is not the greenhouse's, only the cabinet judges air temperature
    const crop = await post('crop/addCrop', { name: '传感器番茄', growingDays: 100 });
    await post('growthStage/updateStandard', {
      cropId: crop.id,
      stages: [{ name: '全期', startDay: 0, endDay: 100, ranges: [{ key: 'airTemp', min: 18, max: 30 }] }],
    });
    const sownOn = addDays(dayIn(env().config.tzName), -10);
    const planting = await plant(post, at, { cropId: crop.id, sownOn, expectedHarvestOn: addDays(sownOn, 100) });
    const ts = Date.now() - 1000;
    await sendReadings(env(), 'DF-EC-0001', [{ ts, values: { airTemp: 25 } }]);
    await sendReadings(env(), 'DF-WS-0003', [{ ts, values: { airTemp: 2, illuminance: 300 } }]);
    await env().telemetry.ingest.drain();
    const detail = await env().get<{
      sensorSource: string;
      deviceIds: number[];
      params: { key: string; now: number; inRange: boolean }[];
    }>(`${P}/planting/getPlantingDetail`, at.demo, { id: String(planting.id) });
    expect(detail.data.sensorSource).toBe('explicit');
    expect(detail.data.deviceIds).toEqual([cabinet, station]);
    expect(detail.data.params).toEqual([expect.objectContaining({ key: 'airTemp', now: 25, inRange: true })]);

    const back = await update({ groupId: at.park, areaPointId: at.plot, sensors: [] });
    expect(back.code, back.msg).toBe(0);
    expect((back.data as PlotSensors).source).toBe('default');
    expect((back.data as PlotSensors).sensors.map((x) => x.deviceId)).toEqual([cabinet, await device('DF-EC-0002')]);
  });

  it("refuses another park's device and a key the device does not measure, under the field, in both languages", async () => {
    const before = await sensorsOf(at.park, at.plot);
    const foreign = env().ids.devices.orchard;
    const otherPark = await device('DF-WS-0002');
    for (const deviceId of [foreign, otherPark]) {
      const body = {
        groupId: at.park,
        areaPointId: at.plot,
        sensors: [{ deviceId, keys: ['airTemp'], placement: 'outdoor' }],
      };
      const en = await update(body, 'en');
      expect(en.code).toBe(Code.NOT_FOUND);
      expect(en.data).toEqual([{ field: 'sensors.0.deviceId', rule: 'notInPark', params: { value: deviceId } }]);
      expect(en.msg).toBe(`Device of sensor 1: device ${deviceId} is not a device of this park`);
      const zh = await update(body, 'zh-CN');
      expect(zh.msg).toBe(`第 1 个传感器的设备：设备 ${deviceId} 不属于本园区`);
    }

    const trap = await device('DF-IT-0001');
    const notMeasured = {
      groupId: at.park,
      areaPointId: at.plot,
      sensors: [{ deviceId: trap, keys: ['airTemp', 'soilMoisture10'], placement: 'outdoor' }],
    };
    const en = await update(notMeasured, 'en');
    expect(en.code).toBe(Code.VALIDATION);
    expect(en.data).toEqual([
      { field: 'sensors.0.keys', rule: 'notMeasured', params: { value: 'soilMoisture10', device: '虫情测报灯' } },
    ]);
    expect(en.msg).toBe('Parameters of sensor 1: 虫情测报灯 does not measure "soilMoisture10"');
    expect((await update(notMeasured, 'zh-CN')).msg).toBe('第 1 个传感器的参数：虫情测报灯不测量“soilMoisture10”');

    const twice = await update({
      groupId: at.park,
      areaPointId: at.plot,
      sensors: [
        { deviceId: trap, keys: ['airTemp'], placement: 'outdoor' },
        { deviceId: trap, keys: ['airHumidity'], placement: 'outdoor' },
      ],
    });
    expect(twice.code).toBe(Code.VALIDATION);
    expect(twice.data).toEqual([expect.objectContaining({ field: 'sensors.1.deviceId', rule: 'repeated' })]);
    expect(await sensorsOf(at.park, at.plot)).toEqual(before);
  });

  it("refuses another merchant's caller on this park's plot", async () => {
    const intruder = await env().login('demo2');
    const res = await env().get(`${P}/planting/getPlotSensors`, intruder, {
      groupId: String(at.park),
      areaPointId: String(at.plot),
    });
    expect(res.code).toBe(Code.NOT_FOUND);
  });
});
