import { Code, type PlayAnswer, type VideoCamera } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from '../../test/harness';
import type { EzvizSim } from '../../video-sim/ezvizSim';
import { hasFfmpeg } from './ffmpeg';
import { SIM_KEY, SIM_SERIALS, startTestSim } from './testFixture';

/**
 * The caps of video's processes (issue 25 point 1) through the API: two processes on the server, one per
 * merchant; a play past them is answered in words, and so is a snapshot. SQLite only: the database plays
 * no part in counting processes.
 */
describe.skipIf(!hasFfmpeg)('at the cap of video processes', () => {
  let sim: EzvizSim;
  let env: TestEnv & { close: () => Promise<void> };
  const tokens: Record<'farm' | 'orchard', string> = { farm: '', orchard: '' };
  const cams: Record<string, VideoCamera> = {};

  beforeAll(async () => {
    sim = await startTestSim();
    env = await createTestEnv('sqlite', {
      EZVIZ_BASE_URL: sim.url,
      VIDEO_MAX_PROCESSES: '2',
      VIDEO_MAX_PROCESSES_PER_MERCHANT: '1',
    });
    tokens.farm = await env.login('demo');
    tokens.orchard = await env.login('demo2');
    const parks = { farm: env.ids.parks.farm[0] as number, orchard: env.ids.parks.orchard };
    for (const who of ['farm', 'orchard'] as const) {
      await env.post('/api/merchant/video/ezvizKey', tokens[who], {
        appKey: SIM_KEY.appKey,
        secret: SIM_KEY.appSecret,
      });
      for (const serial of [SIM_SERIALS.ptz, SIM_SERIALS.fixed]) {
        const add = await env.post<VideoCamera>('/api/merchant/video/camera/add', tokens[who], {
          groupId: parks[who],
          name: serial,
          kind: 'ezviz',
          deviceSerial: serial,
        });
        expect(add.code, add.msg).toBe(Code.OK);
        cams[`${who}-${serial}`] = add.data;
      }
    }
  }, 60_000);
  afterAll(async () => {
    await env?.close();
    await sim?.close();
  });

  const play = (who: 'farm' | 'orchard', serial: string, lang = 'en-US') =>
    env.call<PlayAnswer>({
      method: 'GET',
      url: `/api/merchant/video/camera/play?id=${cams[`${who}-${serial}`]?.id}`,
      token: tokens[who],
      headers: { 'accept-language': lang },
    });

  it('a merchant past its share, then the server past its cap, are told so in words', async () => {
    expect((await play('farm', SIM_SERIALS.ptz)).data.ok).toBe(true);
    expect((await play('farm', SIM_SERIALS.fixed)).data).toEqual({
      ok: false,
      reason: 'busy-merchant',
      message:
        'Your company is running as many video processes as it may: close a picture nobody watches or try again later',
    });
    expect((await play('farm', SIM_SERIALS.fixed, 'zh-CN')).data).toMatchObject({
      message: '本单位同时处理的视频已达上限，请关闭不看的画面或稍后再试',
    });
    expect((await play('orchard', SIM_SERIALS.ptz)).data.ok).toBe(true);
    expect((await play('orchard', SIM_SERIALS.fixed)).data).toMatchObject({ ok: false, reason: 'busy' });
    // the cap is the server's state, not the camera's: nothing is counted against the camera
    const listed = await env.get<VideoCamera[]>('/api/merchant/video/camera/list', tokens.orchard);
    expect(listed.data.find((c) => c.name === SIM_SERIALS.fixed)?.check).toMatchObject({ state: 'ok', failures: 0 });
  }, 60_000);
});
