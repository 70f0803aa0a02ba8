import { Code, type PlayAnswer, type VideoCamera } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, engines, type TestEnv } from '../../test/harness';
import type { EzvizSim } from '../../video-sim/ezvizSim';
import { type RtspServer, startRtspServer } from '../../video-sim/rtsp/server';
import { hasFfmpeg } from './ffmpeg';
import { closedPort, SIM_KEY, SIM_SERIALS, startTestSim, startWebServer } from './testFixture';

const ADD = '/api/merchant/video/camera/add';
const LIST = '/api/merchant/video/camera/list';
const KEY = '/api/merchant/video/ezvizKey';

type Refusal = { code: number; msg: string; data: { field?: string; params?: { fault?: string } }[] };

/**
 * Saving a camera reaches it and names why it cannot play (issue 25 point 5), in the reader's language,
 * under the field that sets it; "unchecked" saves it anyway. The sources are local simulators, hence
 * VIDEO_ALLOW_LOCAL_SOURCES (localGuard.test.ts covers the refusal of local sources).
 */
describe.skipIf(!hasFfmpeg).each(engines)('a camera is reached when it is saved [%s]', (engine) => {
  let sim: EzvizSim;
  let rtsp: RtspServer;
  let web: Awaited<ReturnType<typeof startWebServer>>;
  let env: TestEnv & { close: () => Promise<void> };
  let demo: string;
  let dead: string;

  beforeAll(async () => {
    sim = await startTestSim();
    rtsp = await startRtspServer({ user: 'admin', password: 'right', lingerMs: 500 });
    rtsp.addSource('gate', () => ({ stop: async () => {}, onExit: () => {} }));
    web = await startWebServer();
    env = await createTestEnv(engine, { EZVIZ_BASE_URL: sim.url, VIDEO_ALLOW_LOCAL_SOURCES: 'true' });
    demo = await env.login('demo');
    dead = `rtsp://admin:pw@127.0.0.1:${await closedPort()}/live`;
  }, 60_000);
  afterAll(async () => {
    await env?.close();
    await Promise.all([sim?.close(), rtsp?.close(), web?.close()]);
  });

  const park = () => env.ids.parks.farm[0] as number;
  /** Adds a camera in a language; answers the envelope. */
  const add = (body: object, lang = 'en-US') =>
    env.call<VideoCamera>({
      method: 'POST',
      url: ADD,
      token: demo,
      headers: { 'accept-language': lang },
      payload: { groupId: park(), name: 'checked', ...body },
    });
  const expectRefused = (r: unknown, fault: string, field: string | undefined, words: RegExp) => {
    const res = r as Refusal;
    expect(res.code, res.msg).toBe(Code.DEVICE_OPERATION_FAILED);
    expect(res.data[0]).toMatchObject({ params: { fault } });
    expect(res.data[0]?.field).toBe(field);
    expect(res.msg).toMatch(words);
  };

  it('a stream URL: refused port, wrong password (RTSP, HTTP), 404, a web page, a name with no address', async () => {
    const stream = (streamUrl: string, lang?: string) => add({ kind: 'stream', streamUrl }, lang);
    expectRefused(await stream(dead), 'refused', 'streamUrl', /refused the connection/);
    expectRefused(await stream(dead, 'zh-CN'), 'refused', 'streamUrl', /摄像头拒绝连接/);
    const wrong = rtsp.playUrl('gate').replace('right', 'wrong');
    expectRefused(await stream(wrong), 'auth', 'streamUrl', /Wrong user name or password/);
    expectRefused(await stream(wrong, 'zh-CN'), 'auth', 'streamUrl', /用户名或密码错误/);
    expectRefused(await stream(`${web.url}/401/live.m3u8`), 'auth', 'streamUrl', /Wrong user name/);
    expectRefused(await stream(`${web.url}/404/live.m3u8`), 'not-found', 'streamUrl', /no video at that address/);
    expectRefused(await stream(`${web.url}/page/live.flv`), 'not-video', 'streamUrl', /not with a video stream/);
    expectRefused(await stream('rtsp://cam.invalid/live'), 'unreachable', 'streamUrl', /cannot be reached/);
    // nothing of these was saved
    const list = await env.get<VideoCamera[]>(LIST, demo);
    expect(list.data.filter((c) => c.name === 'checked')).toEqual([]);
  }, 90_000);

  it('an EZVIZ camera: no key, a wrong secret, an unknown serial, an offline device; then one that plays', async () => {
    const ezviz = (deviceSerial: string, lang?: string) => add({ kind: 'ezviz', deviceSerial }, lang);
    expectRefused(await ezviz(SIM_SERIALS.ptz), 'ezviz-no-key', undefined, /EZVIZ key is not set/);
    await env.post(KEY, demo, { appKey: SIM_KEY.appKey, secret: 'not-the-secret' });
    expectRefused(await ezviz(SIM_SERIALS.ptz), 'ezviz-bad-key', undefined, /AppKey or Secret is wrong/);
    expectRefused(await ezviz(SIM_SERIALS.ptz, 'zh-CN'), 'ezviz-bad-key', undefined, /萤石 AppKey 或 Secret 错误/);
    await env.post(KEY, demo, { appKey: SIM_KEY.appKey, secret: SIM_KEY.appSecret });
    expectRefused(await ezviz('NO-SUCH-SERIAL'), 'ezviz-unknown-serial', 'deviceSerial', /does not know this device/);
    expectRefused(await ezviz(SIM_SERIALS.offline), 'offline', 'deviceSerial', /offline/);
    expectRefused(await ezviz(SIM_SERIALS.offline, 'zh-CN'), 'offline', 'deviceSerial', /摄像头离线/);
    const good = await ezviz(SIM_SERIALS.fixed);
    expect(good.code, good.msg).toBe(Code.OK);
    expect(good.data).toMatchObject({ online: true, check: { state: 'ok', fault: null, failures: 0 } });
  }, 60_000);

  it('saved unchecked on purpose; its first play names the cause, and video setup shows it', async () => {
    const saved = await add({ kind: 'stream', streamUrl: dead, unchecked: true, name: 'unchecked' });
    expect(saved.code, saved.msg).toBe(Code.OK);
    expect(saved.data.check).toMatchObject({ state: 'unchecked', fault: null });
    const play = await env.call<PlayAnswer>({
      method: 'GET',
      url: `/api/merchant/video/camera/play?id=${saved.data.id}`,
      token: demo,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(play.data).toEqual({ ok: false, reason: 'refused', message: '摄像头拒绝连接：该端口上没有视频服务' });
    const listed = (await env.get<VideoCamera[]>(LIST, demo)).data.find((c) => c.id === saved.data.id);
    expect(listed?.check).toMatchObject({ state: 'failed', fault: 'refused', failures: 1 });
    expect(listed?.check?.detail).toMatch(/Connection refused/);
    expect(listed?.check?.detail).not.toContain('pw@');
    // a disabled camera is not reached when saved
    const off = await add({ kind: 'stream', streamUrl: dead, enabled: false, name: 'disabled' });
    expect(off.code, off.msg).toBe(Code.OK);
  }, 40_000);
});
