import { Code, type PlayAnswer, type RoleDetail, type VideoCamera } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, engines, type TestEnv } from '../../test/harness';
import { addUser, USER_PASSWORD } from '../../test/users';
import type { EzvizSim } from '../../video-sim/ezvizSim';
import { hasFfmpeg } from './ffmpeg';
import { SIM_KEY, SIM_SERIALS, startTestSim } from './testFixture';

const V = '/api/merchant/video/camera';
const LIST = '/api/merchant/camera/getCameraListByGroupId';

/**
 * Live video shows on three pages (video, disaster, seedling: PRODUCT.md "Video"), so the permission of
 * any one of them opens the camera list, play, PTZ and snapshots; a role with none of them is refused.
 */
describe.skipIf(!hasFfmpeg).each(engines)('who may watch a camera [%s]', (engine) => {
  let sim: EzvizSim;
  let env: TestEnv & { close: () => Promise<void> };
  let cam: VideoCamera;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    sim = await startTestSim();
    env = await createTestEnv(engine, { EZVIZ_BASE_URL: sim.url, VIDEO_IDLE_SECONDS: '5' });
    const demo = await env.login('demo');
    await env.post(`/api/merchant/video/ezvizKey`, demo, { appKey: SIM_KEY.appKey, secret: SIM_KEY.appSecret });
    const park = env.ids.parks.farm[0] as number;
    const add = await env.post<VideoCamera>(`${V}/add`, demo, {
      groupId: park,
      name: 'Gate PTZ',
      kind: 'ezviz',
      deviceSerial: SIM_SERIALS.ptz,
      ptz: true,
      purpose: 'disaster',
    });
    expect(add.code, add.msg).toBe(Code.OK);
    cam = add.data;
    for (const [name, permitUrls] of [
      ['disaster', ['/videoEqui/disaster']],
      ['seedling', ['/videoEqui/seedling']],
      ['none', ['/park/parkInfo', '/alarm/alarmList']],
    ] as const) {
      const role = await env.post<RoleDetail>('/api/merchant/role/addRole', demo, {
        roleName: `watch-${name}`,
        permitUrls,
      });
      expect(role.code, role.msg).toBe(Code.OK);
      await addUser(env, demo, {
        loginName: `watch${name}`,
        userName: `watch ${name}`,
        roleId: role.data.roleId,
        groupIds: [park],
      });
      tokens[name] = await env.login(`watch${name}`, USER_PASSWORD);
    }
  }, 60_000);
  afterAll(async () => {
    await env?.close();
    await sim?.close();
  });

  it('a role with only the disaster page lists, plays, turns and photographs a camera of its park', async () => {
    const token = tokens.disaster as string;
    const list = await env.get<{ deviceId: number }[]>(LIST, token, { groupId: String(cam.groupId) });
    expect(list.code, list.msg).toBe(Code.OK);
    expect(list.data.map((c) => c.deviceId)).toContain(cam.id);
    const play = await env.get<PlayAnswer>(`${V}/play`, token, { id: String(cam.id) });
    expect(play.code, play.msg).toBe(Code.OK);
    expect(play.data.ok).toBe(true);
    for (const action of ['start', 'stop'])
      expect((await env.post(`${V}/ptz`, token, { id: cam.id, action, direction: 'zoomIn' })).code).toBe(Code.OK);
    const shot = await env.app.inject({
      method: 'GET',
      url: `${V}/snapshot?id=${cam.id}`,
      headers: { AuthToken: token },
    });
    expect(shot.headers['content-type']).toBe('image/jpeg');
  }, 40_000);

  it('a role with only the seedling page plays it too', async () => {
    const play = await env.get<PlayAnswer>(`${V}/play`, tokens.seedling as string, { id: String(cam.id) });
    expect(play.code, play.msg).toBe(Code.OK);
  }, 30_000);

  it('watching is not setting up: a watcher neither reads nor sets a stream URL (1004)', async () => {
    for (const token of [tokens.disaster, tokens.seedling] as string[]) {
      expect((await env.get(`${V}/list`, token)).code).toBe(Code.PERMISSION_DENIED);
      const body = { groupId: cam.groupId, name: 'x', kind: 'stream', streamUrl: 'rtsp://10.0.0.9/x', unchecked: true };
      expect((await env.post(`${V}/add`, token, body)).code).toBe(Code.PERMISSION_DENIED);
      expect((await env.post(`${V}/update`, token, { ...body, id: cam.id })).code).toBe(Code.PERMISSION_DENIED);
      // the wall's list names no source
      const list = await env.get(LIST, token, { groupId: String(cam.groupId) });
      expect(JSON.stringify(list.data)).not.toMatch(/rtsp:|\.m3u8|streamUrl|deviceSerial/);
    }
  });

  it('a role with none of the video pages is refused (1004) everywhere', async () => {
    const token = tokens.none as string;
    const id = String(cam.id);
    expect((await env.get(LIST, token, { groupId: String(cam.groupId) })).code).toBe(Code.PERMISSION_DENIED);
    expect((await env.get(`${V}/play`, token, { id })).code).toBe(Code.PERMISSION_DENIED);
    expect((await env.get(`${V}/snapshot`, token, { id })).code).toBe(Code.PERMISSION_DENIED);
    expect((await env.post(`${V}/ptz`, token, { id: cam.id, action: 'start', direction: 'left' })).code).toBe(
      Code.PERMISSION_DENIED,
    );
    expect((await env.get(`${V}/recordings`, token, { id, from: '1', to: '2' })).code).toBe(Code.PERMISSION_DENIED);
  });
});
