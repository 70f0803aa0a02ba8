import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, engines } from '../../test/harness';
import { stationCondition } from './service';

const URL_ = '/api/merchant/weather/getWeatherNow';
type Env = Awaited<ReturnType<typeof createTestEnv>>;

/** The park's first weather station gets these latest readings (what the ingest would have written). */
async function stationReads(
  env: Env,
  groupId: number,
  rows: { key: string; value: number; prev?: number; ago: number }[],
) {
  const station = await env.db
    .selectFrom('devices')
    .select('id')
    .where('group_id', '=', groupId)
    .where('device_class', '=', 'weatherStation')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  await env.db.deleteFrom('device_latest').where('device_id', '=', station.id).execute();
  await env.db
    .insertInto('device_latest')
    .values(
      rows.map((r) => ({
        device_id: station.id,
        key: r.key,
        ts: now - r.ago,
        value: r.value,
        prev_value: r.prev ?? null,
        prev_ts: r.prev === undefined ? null : now - r.ago - 600_000,
      })),
    )
    .execute();
}

describe.each(engines)('top bar weather [%s]', (engine) => {
  describe('without a weather key: the park’s own station', () => {
    let env: Env;
    let token: string;
    let park: number;
    beforeAll(async () => {
      env = await createTestEnv(engine);
      token = await env.login('demo');
      park = env.ids.parks.farm[0];
    });
    afterAll(() => env.close());

    it('answers the station’s temperature and a condition from its rain gauge and light', async () => {
      await stationReads(env, park, [
        { key: 'airTemp', value: 23.46, ago: 60_000 },
        { key: 'rainfall', value: 12.4, prev: 12.4, ago: 60_000 },
        { key: 'illuminance', value: 52_000, ago: 60_000 },
      ]);
      const sunny = await env.get(URL_, token, { groupId: String(park) });
      expect(sunny.code).toBe(0);
      expect(sunny.data).toMatchObject({ source: 'station', temperature: 23.5, weather: '晴', city: null });

      await stationReads(env, park, [
        { key: 'airTemp', value: 18, ago: 60_000 },
        { key: 'rainfall', value: 13.2, prev: 12.4, ago: 60_000 },
        { key: 'illuminance', value: 52_000, ago: 60_000 },
      ]);
      const rain = await env.get(URL_, token, { groupId: String(park) });
      expect(rain.data).toMatchObject({ source: 'station', temperature: 18, weather: '中雨' });
    });

    it('says no source when the station has nothing recent', async () => {
      await stationReads(env, park, [{ key: 'airTemp', value: 20, ago: 5 * 3600_000 }]);
      const res = await env.get(URL_, token, { groupId: String(park) });
      expect(res.data).toEqual({ source: 'none', city: null, temperature: null, weather: '', at: null });
    });

    it('refuses a park of another merchant like one that does not exist', async () => {
      const res = await env.get(URL_, token, { groupId: String(env.ids.parks.orchard) });
      expect(res.code).toBe(1005);
      expect((await env.get(URL_, undefined, { groupId: String(park) })).status).toBe(200);
    });
  });

  describe('with a weather key: the service where the caller is, the station when it fails', () => {
    let env: Env;
    let service: Server;
    let token: string;
    let failing = false;
    const asked: URL[] = [];
    beforeAll(async () => {
      service = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://x');
        asked.push(url);
        res.setHeader('content-type', 'application/json');
        if (failing) return res.end(JSON.stringify({ status: '0', infocode: '10001', info: 'INVALID_USER_KEY' }));
        if (url.pathname === '/v3/ip')
          return res.end(JSON.stringify({ infocode: '10000', city: '杭州市', adcode: '330100' }));
        return res.end(
          JSON.stringify({ infocode: '10000', lives: [{ city: '杭州市', weather: '雷阵雨', temperature: '27' }] }),
        );
      });
      await new Promise<void>((ok) => service.listen(0, '127.0.0.1', ok));
      const base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
      env = await createTestEnv(engine, { WEATHER_KEY: 'k-secret', WEATHER_BASE_URL: base });
      token = await env.login('demo');
    });
    afterAll(async () => {
      await env.close();
      service.close();
    });

    it('calls IP location then live weather by adcode with the key, and answers lives[0]', async () => {
      const res = await env.get(URL_, token, { groupId: String(env.ids.parks.farm[0]) });
      expect(res.data).toEqual({ source: 'provider', city: '杭州市', temperature: 27, weather: '雷阵雨', at: null });
      expect(asked.map((u) => u.pathname)).toEqual(['/v3/ip', '/v3/weather/weatherInfo']);
      expect(asked[1].searchParams.get('city')).toBe('330100');
      expect(asked.every((u) => u.searchParams.get('key') === 'k-secret')).toBe(true);
      expect(JSON.stringify(res)).not.toContain('k-secret');
    });

    it('falls back to the station when the service refuses', async () => {
      failing = true;
      const park = env.ids.parks.farm[0];
      await stationReads(env, park, [{ key: 'airTemp', value: 9, ago: 60_000 }]);
      const res = await env.get(URL_, token, { groupId: String(park) });
      expect(res.data).toMatchObject({ source: 'station', temperature: 9, weather: '' });
    });
  });
});

describe('stationCondition', () => {
  const now = 1_700_000_000_000;
  const r = (key: string, value: number, prevValue: number | null = null) => ({
    key,
    ts: now - 60_000,
    value,
    prevValue,
    prevTs: prevValue === null ? null : now - 660_000,
  });
  it('reads rain from a rising counter, else the sky from daylight, and nothing in the dark', () => {
    expect(stationCondition([r('rainfall', 10.1, 10)], now)).toBe('小雨');
    expect(stationCondition([r('rainfall', 12, 10)], now)).toBe('大雨');
    expect(stationCondition([r('rainfall', 10, 10), r('illuminance', 40_000)], now)).toBe('晴');
    expect(stationCondition([r('illuminance', 15_000)], now)).toBe('多云');
    expect(stationCondition([r('illuminance', 3_000)], now)).toBe('阴');
    expect(stationCondition([r('illuminance', 10)], now)).toBe('');
  });
});
