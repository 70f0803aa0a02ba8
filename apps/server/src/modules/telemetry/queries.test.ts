import { Code, type DeviceParamConfig, type Paged, type ParamDataRow, type SeriesResult } from '@farmpark/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { fieldsOf } from '../../test/details';
import { sendReadings } from '../../test/devices';
import { describeEachEngine, type TestEnv } from '../../test/harness';

const T0 = Date.UTC(2026, 9, 1, 0, 0, 0);
const MIN = 60_000;
const DAYS = 3;
const N = (DAYS * 86_400_000) / MIN;
const temp = (i: number) => Math.round((20 + 10 * Math.sin(i / 100)) * 10) / 10;
const hum = (i: number) => 40 + (i % 50);
const BASE = '/api/merchant';

async function feed(env: TestEnv, serial: string, readings: { ts: number; values: Record<string, number> }[]) {
  const jobs: Promise<void>[] = [];
  for (let i = 0; i < readings.length; i += 500) jobs.push(sendReadings(env, serial, readings.slice(i, i + 500)));
  await Promise.all(jobs);
}

describeEachEngine('telemetry queries', (env) => {
  let token: string;
  let intruder: string;
  let ws: number;
  let park: number;

  beforeAll(async () => {
    token = await env().login('demo');
    intruder = await env().login('demo2');
    const d = await env()
      .db.selectFrom('devices')
      .select(['id', 'group_id'])
      .where('serial', '=', 'DF-WS-0001')
      .executeTakeFirstOrThrow();
    ws = d.id;
    park = d.group_id!;
    await feed(
      env(),
      'DF-WS-0001',
      Array.from({ length: N }, (_, i) => ({ ts: T0 + i * MIN, values: { airTemp: temp(i), airHumidity: hum(i) } })),
    );
  });

  const q = (o: Record<string, string | number>) =>
    Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));

  it('lists the park weather stations with parameters, groups and latest values', async () => {
    const res = await env().get<DeviceParamConfig[]>(
      `${BASE}/weather/getInitParamConfigList`,
      token,
      q({ groupId: park }),
    );
    expect(res.code).toBe(0);
    const dev = res.data.find((d) => d.deviceId === ws)!;
    expect(dev.deviceClass).toBe('weatherStation');
    expect(dev.params.find((p) => p.key === 'airTemp')).toMatchObject({ name: '空气温度', unit: '°C', decimals: 1 });
    expect(dev.latest.airTemp).toEqual({ value: temp(N - 1), ts: T0 + (N - 1) * MIN, prev: temp(N - 2) });
    expect(dev.lastReportAt).toBeGreaterThan(0);
    const en = await env().get<DeviceParamConfig[]>(
      `${BASE}/weather/getInitParamConfigList`,
      token,
      q({ groupId: park, lang: 'en' }),
    );
    expect(en.data.find((d) => d.deviceId === ws)!.params[0].name).toBe('Air temperature');
  });

  it('pages table rows newest first with the exact total', async () => {
    const res = await env().get<Paged<ParamDataRow>>(
      `${BASE}/weather/getParamDataList`,
      token,
      q({
        deviceId: ws,
        startTime: T0,
        endTime: T0 + 86_400_000,
        keys: 'airTemp,airHumidity',
        pageNum: 2,
        pageSize: 10,
      }),
    );
    expect(res.code).toBe(0);
    expect(res.data.total).toBe(1440);
    expect(res.data.list).toHaveLength(10);
    const i = 1440 - 11;
    expect(res.data.list[0]).toEqual({ ts: T0 + i * MIN, values: { airTemp: temp(i), airHumidity: hum(i) } });
    expect(res.data.list[9].ts).toBe(T0 + (i - 9) * MIN);
  });

  it('answers a day raw, a denser range bucketed to at most 2000 points, a month hourly', async () => {
    const get = (o: Record<string, string | number>) =>
      env().get<SeriesResult>(
        `${BASE}/weather/getSelectParamDataList`,
        token,
        q({ deviceIds: ws, keys: 'airTemp', ...o }),
      );
    const day = await get({ startTime: T0, endTime: T0 + 86_400_000 });
    expect(day.data.interval).toBe('raw');
    expect(day.data.series[0].points).toHaveLength(1440);
    expect(day.data.series[0].points[5]).toEqual([T0 + 5 * MIN, temp(5), temp(5), temp(5)]);

    const three = await get({ startTime: T0, endTime: T0 + DAYS * 86_400_000 });
    const pts = three.data.series[0].points;
    expect(three.data.interval).toBe('raw');
    expect(pts.length).toBeLessThanOrEqual(2000);
    expect(pts.length).toBeGreaterThan(1000);
    for (const [, avg, min, max] of pts) {
      expect(min).toBeLessThanOrEqual(avg + 1e-9);
      expect(avg).toBeLessThanOrEqual(max + 1e-9);
    }
    const all = Array.from({ length: N }, (_, i) => temp(i));
    expect(Math.min(...pts.map((p) => p[2]))).toBe(Math.min(...all));
    expect(Math.max(...pts.map((p) => p[3]))).toBe(Math.max(...all));

    const month = await get({ startTime: T0, endTime: T0 + 30 * 86_400_000 });
    expect(month.data.interval).toBe('hour');
    expect(month.data.series[0].points).toHaveLength(DAYS * 24);
    const h = month.data.series[0].points[1];
    const first = all.slice(60, 120);
    expect(h[0]).toBe(T0 + 3_600_000);
    expect(h[1]).toBeCloseTo(first.reduce((a, b) => a + b, 0) / 60, 9);
    expect(h[2]).toBe(Math.min(...first));

    const year = await get({ startTime: T0 - 300 * 86_400_000, endTime: T0 + 65 * 86_400_000 });
    expect(year.data.interval).toBe('day');
    // Asia/Shanghai: T0 (00:00 UTC) is 08:00 local, so the first local day holds 16 hours
    expect(year.data.series[0].points.map((p) => p[0])).toEqual(
      [0, 1, 2, 3].map((d) => T0 - 8 * 3_600_000 + d * 86_400_000),
    );

    const tooFine = await get({ startTime: T0, endTime: T0 + 200 * 86_400_000, interval: 'hour' });
    expect(tooFine.code).toBe(Code.VALIDATION);
    expect(fieldsOf(tooFine)).toContain('interval');
  });

  it('aggregates per local month and per day for several devices', async () => {
    const ws2 = (
      await env().db.selectFrom('devices').select('id').where('serial', '=', 'DF-WS-0002').executeTakeFirstOrThrow()
    ).id;
    const res = await env().get<{
      series: { deviceId: number; buckets: { count: number; sum: number; ts: number }[] }[];
    }>(
      `${BASE}/terminal/data/getAggregateList`,
      token,
      q({
        deviceIds: `${ws},${ws2}`,
        keys: 'airHumidity',
        startTime: T0 - 86_400_000,
        endTime: T0 + 40 * 86_400_000,
        interval: 'month',
      }),
    );
    expect(res.code).toBe(0);
    const mine = res.data.series.find((s) => s.deviceId === ws)!;
    expect(mine.buckets).toHaveLength(1);
    expect(mine.buckets[0].count).toBe(N);
    expect(mine.buckets[0].sum).toBe(Array.from({ length: N }, (_, i) => hum(i)).reduce((a, b) => a + b, 0));
    expect(res.data.series.find((s) => s.deviceId === ws2)!.buckets).toEqual([]);
  });

  it('exports exactly the filtered rows as CSV and XLSX', async () => {
    const range = { deviceId: ws, startTime: T0 + 10 * MIN, endTime: T0 + 110 * MIN, keys: 'airTemp' };
    const csv = await env().app.inject({
      method: 'GET',
      url: `${BASE}/terminal/data/exportParamData`,
      query: q(range),
      headers: { AuthToken: token },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(encodeURIComponent('园区气象站'));
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(101);
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0].replace(/^\uFEFF/, '')).toBe('时间,空气温度(°C)');
    expect(lines[1]).toBe(`2026-10-01 08:10:00,${temp(10).toFixed(1)}`);

    const xlsx = await env().app.inject({
      method: 'GET',
      url: `${BASE}/terminal/data/exportParamData`,
      query: q({ ...range, keys: 'airTemp,airHumidity', format: 'xlsx', lang: 'en' }),
      headers: { AuthToken: token },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.rowCount).toBe(101);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Time', 'Air temperature(°C)', 'Air humidity(%RH)']);
    expect(sheet.getRow(2).getCell(3).value).toBe(hum(10));
  });

  it('applies per-device names, hiding and group order', async () => {
    const alter = await env().post(`${BASE}/device/alterDeviceParamConfig`, token, {
      deviceId: ws,
      paramList: [
        { key: 'airTemp', name: '棚外温度', decimals: 2 },
        { key: 'dewPoint', hidden: true },
      ],
    });
    expect(alter.code).toBe(0);
    const sort = await env().post(`${BASE}/device/alterGroupVarSort`, token, { deviceId: ws, groups: ['wind', 'air'] });
    expect(sort.code).toBe(0);
    const res = await env().get<DeviceParamConfig>(`${BASE}/device/getDeviceParamConfig`, token, q({ deviceId: ws }));
    expect(res.data.groups.map((g) => g.key)).toEqual(['wind', 'air', 'rain', 'light']);
    expect(res.data.params[0].group).toBe('wind');
    expect(res.data.params.find((p) => p.key === 'airTemp')).toMatchObject({
      name: '棚外温度',
      decimals: 2,
      unit: '°C',
    });
    expect(res.data.params.find((p) => p.key === 'dewPoint')!.hidden).toBe(true);
    // null goes back to the model default
    await env().post(`${BASE}/device/alterDeviceParamConfig`, token, {
      deviceId: ws,
      paramList: [{ key: 'airTemp', name: null }],
    });
    const back = await env().get<DeviceParamConfig>(`${BASE}/device/getDeviceParamConfig`, token, q({ deviceId: ws }));
    expect(back.data.params.find((p) => p.key === 'airTemp')).toMatchObject({ name: '空气温度', decimals: 2 });
    // an emptied name (blank or spaces) means the same: back to the model's name, never a nameless variable
    for (const name of ['', '   ']) {
      await env().post(`${BASE}/device/alterDeviceParamConfig`, token, {
        deviceId: ws,
        paramList: [{ key: 'airTemp', name: 'x' }],
      });
      const saved = await env().post(`${BASE}/device/alterDeviceParamConfig`, token, {
        deviceId: ws,
        paramList: [{ key: 'airTemp', name }],
      });
      expect(saved.code, saved.msg).toBe(0);
      const read = await env().get<DeviceParamConfig>(
        `${BASE}/device/getDeviceParamConfig`,
        token,
        q({ deviceId: ws }),
      );
      expect(read.data.params.find((p) => p.key === 'airTemp')!.name, JSON.stringify(name)).toBe('空气温度');
    }
    const bad = await env().post(`${BASE}/device/alterGroupVarSort`, token, { deviceId: ws, groups: ['nope'] });
    expect(bad.code).toBe(Code.VALIDATION);
  });

  it('validates ranges and keys with messages naming the field', async () => {
    const a = await env().get(
      `${BASE}/weather/getParamDataList`,
      token,
      q({ deviceId: ws, startTime: T0, endTime: T0 }),
    );
    expect(a.code).toBe(Code.VALIDATION);
    expect(fieldsOf(a)).toContain('endTime');
    const b = await env().get(
      `${BASE}/weather/getParamDataList`,
      token,
      q({ deviceId: ws, startTime: T0, endTime: T0 + 1, keys: 'soilPh' }),
    );
    expect(b.code).toBe(Code.VALIDATION);
    expect(fieldsOf(b)).toContain('keys');
    const c = await env().get(
      `${BASE}/weather/getParamDataList`,
      token,
      q({ deviceId: ws, startTime: 'yesterday', endTime: T0 }),
    );
    expect(fieldsOf(c)).toContain('startTime');
    const soilAsWeather = await env()
      .db.selectFrom('devices')
      .select('id')
      .where('serial', '=', 'DF-SS-0001')
      .executeTakeFirstOrThrow();
    const d = await env().get(
      `${BASE}/weather/getParamDataList`,
      token,
      q({ deviceId: soilAsWeather.id, startTime: T0, endTime: T0 + 1 }),
    );
    expect(d.code).toBe(Code.NOT_FOUND);
  });

  it("refuses another merchant's devices and parks", async () => {
    const range = { startTime: T0, endTime: T0 + 86_400_000 };
    for (const [url, query] of [
      [`${BASE}/weather/getParamDataList`, { deviceId: ws, ...range }],
      [`${BASE}/terminal/data/getParamDataList`, { deviceId: ws, ...range }],
      [`${BASE}/weather/getSelectParamDataList`, { deviceIds: ws, keys: 'airTemp', ...range }],
      [`${BASE}/terminal/data/exportParamData`, { deviceId: ws, ...range }],
      [`${BASE}/weather/getInitParamConfigList`, { groupId: park }],
    ] as const) {
      const res = await env().get(url, intruder, q(query));
      expect(res.code, url).toBe(Code.NOT_FOUND);
      expect(JSON.stringify(res)).not.toContain('DF-WS');
    }
  });
});
