import { Code, PTZ_PRESETS_MAX, type PtzPreset, type VideoCamera } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, engines, type TestEnv } from '../../test/harness';
import type { EzvizSim } from '../../video-sim/ezvizSim';
import { changedShare, MOVED_ABOVE, SAME_BELOW } from '../../video-sim/pictureChange';
import { hasFfmpeg } from './ffmpeg';
import { SIM_KEY, SIM_SERIALS, startTestSim } from './testFixture';

const C = '/api/merchant/video/camera';

describe.skipIf(!hasFfmpeg).each(engines)('PTZ presets [%s]', (engine) => {
  let sim: EzvizSim;
  let env: TestEnv & { close: () => Promise<void> };
  let demo: string;
  let ptzCam: VideoCamera;
  let fixedCam: VideoCamera;

  beforeAll(async () => {
    sim = await startTestSim();
    env = await createTestEnv(engine, { EZVIZ_BASE_URL: sim.url });
    demo = await env.login('demo');
    await env.post('/api/merchant/video/ezvizKey', demo, { appKey: SIM_KEY.appKey, secret: SIM_KEY.appSecret });
    const add = async (name: string, serial: string, ptz: boolean) =>
      (
        await env.post<VideoCamera>(`${C}/add`, demo, {
          groupId: env.ids.parks.farm[0],
          name,
          kind: 'ezviz',
          deviceSerial: serial,
          ptz,
        })
      ).data;
    ptzCam = await add('PTZ', SIM_SERIALS.ptz, true);
    fixedCam = await add('Fixed', SIM_SERIALS.fixed, false);
  }, 60_000);
  afterAll(async () => {
    await env?.close();
    await sim?.close();
  });

  const shot = async () =>
    (await env.app.inject({ method: 'GET', url: `${C}/snapshot?id=${ptzCam.id}`, headers: { AuthToken: demo } }))
      .rawPayload;
  const move = async (direction: string, ms: number) => {
    expect((await env.post(`${C}/ptz`, demo, { id: ptzCam.id, action: 'start', direction, speed: 2 })).code).toBe(0);
    await new Promise((r) => setTimeout(r, ms));
    expect((await env.post(`${C}/ptz`, demo, { id: ptzCam.id, action: 'stop', direction })).code).toBe(0);
  };
  const list = async () => (await env.get<PtzPreset[]>(`${C}/presets`, demo, { cameraId: String(ptzCam.id) })).data;

  it('keeps where the camera points under a name, and turns it back there', async () => {
    const home = await env.post<PtzPreset>(`${C}/preset/add`, demo, { cameraId: ptzCam.id, name: '大门口' });
    expect(home.code, home.msg).toBe(0);
    expect(home.data).toMatchObject({ cameraId: ptzCam.id, name: '大门口' });
    const atHome = await shot();
    await move('right', 1000);
    await move('zoomIn', 1000);
    const away = await shot();
    expect(await changedShare(atHome, away)).toBeGreaterThan(MOVED_ABOVE);
    const field = await env.post<PtzPreset>(`${C}/preset/add`, demo, { cameraId: ptzCam.id, name: '东侧田块' });
    expect(field.code, field.msg).toBe(0);
    expect((await list()).map((p) => p.name)).toEqual(['大门口', '东侧田块']);

    expect((await env.post(`${C}/preset/goto`, demo, { id: home.data.id })).code).toBe(0);
    expect(await changedShare(atHome, await shot())).toBeLessThan(SAME_BELOW);
    expect((await env.post(`${C}/preset/goto`, demo, { id: field.data.id })).code).toBe(0);
    expect(await changedShare(away, await shot())).toBeLessThan(SAME_BELOW);

    expect((await env.post(`${C}/preset/remove`, demo, { id: field.data.id })).code).toBe(0);
    expect((await list()).map((p) => p.name)).toEqual(['大门口']);
    const gone = await env.post(`${C}/preset/goto`, demo, { id: field.data.id });
    expect(gone.code).toBe(Code.NOT_FOUND);
  }, 40_000);

  it('refuses a camera without PTZ, a blank name, one too many, and other merchants, in words', async () => {
    const fixed = await env.post(`${C}/preset/add`, demo, { cameraId: fixedCam.id, name: 'x' });
    expect(fixed.code).toBe(Code.DEVICE_OPERATION_FAILED);
    const zh = await env.call({
      method: 'POST',
      url: `${C}/preset/add`,
      token: demo,
      payload: { cameraId: fixedCam.id, name: 'x' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.msg).toBe('该摄像头不支持云台');
    const blank = await env.post<{ field: string }[]>(`${C}/preset/add`, demo, { cameraId: ptzCam.id, name: ' ' });
    expect(blank.code).toBe(Code.VALIDATION);
    expect(blank.data.map((d) => d.field)).toEqual(['name']);

    const before = (await list()).length;
    for (let i = before; i < PTZ_PRESETS_MAX; i++)
      expect((await env.post(`${C}/preset/add`, demo, { cameraId: ptzCam.id, name: `P${i}` })).code).toBe(0);
    const over = await env.post(`${C}/preset/add`, demo, { cameraId: ptzCam.id, name: 'one more' });
    expect(over.code).toBe(Code.VALIDATION);
    expect((await list()).length).toBe(PTZ_PRESETS_MAX);

    const other = await env.login('demo2');
    const first = (await list())[0];
    expect((await env.get(`${C}/presets`, other, { cameraId: String(ptzCam.id) })).code).toBe(Code.NOT_FOUND);
    expect((await env.post(`${C}/preset/goto`, other, { id: first.id })).code).toBe(Code.NOT_FOUND);
    expect((await env.post(`${C}/preset/remove`, other, { id: first.id })).code).toBe(Code.NOT_FOUND);
    expect((await env.post(`${C}/preset/add`, other, { cameraId: ptzCam.id, name: 'x' })).code).toBe(Code.NOT_FOUND);
    expect((await list()).length).toBe(PTZ_PRESETS_MAX);
  }, 40_000);
});
