import { type CameraItem, Code, type LightAccessTokenStatus, type LightDevice } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, engines, type TestEnv } from '../../test/harness';
import { startLightCloudStandIn } from './cloudStandIn';

const TOKEN = '/api/merchant/light/getAccessToken';
const REFRESH = '/api/merchant/light/refreshAccessToken';
const BY_SERIAL = '/api/merchant/light/getLightBySerial';
const CAMERAS = '/api/merchant/camera/getCameraListByGroupId';
const KEY = 'vendor-key-not-for-browsers';

describe.each(engines)('lamp cloud token, lamp by serial, cameras [%s]', (engine) => {
  let cloud: Awaited<ReturnType<typeof startLightCloudStandIn>>;
  let env: TestEnv & { close: () => Promise<void> };
  let own: TestEnv & { close: () => Promise<void> };
  let demo: string;

  beforeAll(async () => {
    cloud = await startLightCloudStandIn(KEY, 3600);
    env = await createTestEnv(engine, { LIGHT_CLOUD_URL: cloud.url, LIGHT_CLOUD_KEY: KEY });
    own = await createTestEnv(engine);
    demo = await env.login('demo');
  });
  afterAll(async () => {
    await env?.close();
    await own?.close();
    await cloud?.close();
  });

  const logLines = () =>
    env.db.selectFrom('system_log').select(['result_code', 'detail']).where('action', '=', 'light.token').execute();

  it("FarmPark's own lamps need no token, and say so", async () => {
    const token = await own.login('demo');
    const status = await own.get<LightAccessTokenStatus>(TOKEN, token);
    expect(status.data).toEqual({ required: false, valid: false, expiresAt: null, refreshedAt: null });
    expect((await own.post<LightAccessTokenStatus>(REFRESH, token, {}, true)).data.required).toBe(false);
  });

  it('a vendor cloud lamp: no token first, a refresh gets one from the vendor, never shown, logged', async () => {
    expect((await env.get<LightAccessTokenStatus>(TOKEN, demo)).data).toMatchObject({ required: true, valid: false });
    const before = Date.now();
    const res = await env.post<LightAccessTokenStatus>(REFRESH, demo, {}, true);
    expect(res.code).toBe(Code.OK);
    expect(res.data.valid).toBe(true);
    expect(res.data.expiresAt).toBeGreaterThanOrEqual(before + 3600_000);
    const status = await env.get<LightAccessTokenStatus>(TOKEN, demo);
    expect(status.data).toEqual(res.data);
    const stored = await env.db.selectFrom('light_cloud_tokens').select('access_token').execute();
    expect(stored).toHaveLength(1);
    // neither the token nor the key reaches the browser
    expect(JSON.stringify(status)).not.toContain(stored[0].access_token);
    expect(JSON.stringify(res)).not.toContain(KEY);
    expect(await logLines()).toEqual([expect.objectContaining({ result_code: Code.OK })]);
    // another merchant has its own (still missing) token
    const other = await env.login('demo2');
    expect((await env.get<LightAccessTokenStatus>(TOKEN, other)).data.valid).toBe(false);
  });

  it('a vendor that refuses answers 1003 with the reason, keeps the old token, and is logged', async () => {
    const wrong = await createTestEnv(engine, { LIGHT_CLOUD_URL: cloud.url, LIGHT_CLOUD_KEY: 'wrong' });
    try {
      const token = await wrong.login('demo');
      const res = await wrong.post(REFRESH, token, {}, true);
      expect(res.code).toBe(Code.DEVICE_OPERATION_FAILED);
      expect(res.msg).toContain('HTTP 401');
      expect((await wrong.get<LightAccessTokenStatus>(TOKEN, token)).data.valid).toBe(false);
      const log = await wrong.db
        .selectFrom('system_log')
        .select('result_code')
        .where('action', '=', 'light.token')
        .execute();
      expect(log).toEqual([{ result_code: Code.DEVICE_OPERATION_FAILED }]);
    } finally {
      await wrong.close();
    }
  });

  it('getLightBySerial: the lamp with its live state as the lamp list shows it; other merchants not found', async () => {
    const res = await env.get<LightDevice>(BY_SERIAL, demo, { serial: 'DF-IL-0001' });
    expect(res.code).toBe(Code.OK);
    const list = await env.get<LightDevice[]>('/api/merchant/device/getLightDeviceList', demo, {
      groupId: String(res.data.groupId),
    });
    expect(list.data.find((d) => d.serial === 'DF-IL-0001')).toEqual(res.data);
    expect((await env.get(BY_SERIAL, demo, { serial: 'GV-IL-0001' })).code).toBe(Code.NOT_FOUND);
    expect((await env.get(BY_SERIAL, demo, { serial: 'DF-CM-0001' })).code).toBe(Code.NOT_FOUND);
    expect((await env.get(BY_SERIAL, demo, {})).code).toBe(Code.VALIDATION);
  });

  it("getCameraListByGroupId: the park's camera devices, only in the caller's parks", async () => {
    const cams = await env.db
      .selectFrom('devices')
      .select(['id', 'group_id'])
      .where('device_class', '=', 'camera')
      .where('merchant_id', '=', env.ids.merchant.farm)
      .execute();
    const park = cams[0].group_id as number;
    const res = await env.get<CameraItem[]>(CAMERAS, demo, { groupId: String(park) });
    expect(res.code).toBe(Code.OK);
    expect(res.data.map((c) => c.deviceId).sort()).toEqual(
      cams
        .filter((c) => c.group_id === park)
        .map((c) => c.id)
        .sort(),
    );
    expect(res.data[0]).toMatchObject({ groupId: park, serial: expect.stringMatching(/^DF-CM-/) });
    const stranger = await env.get<CameraItem[]>(CAMERAS, demo, { groupId: String(env.ids.parks.orchard) });
    expect(stranger.code === Code.OK ? stranger.data : []).toEqual([]);
  });
});
