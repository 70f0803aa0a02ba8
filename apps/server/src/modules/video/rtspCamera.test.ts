import { join } from 'node:path';
import { Code, type PlayAnswer, type VideoCamera } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, engines, type TestEnv } from '../../test/harness';
import type { RtspServer } from '../../video-sim/rtsp/server';
import { eventually, processesNaming } from '../../video-sim/rtsp/testTools';
import { hasFfmpeg } from './ffmpeg';
import { expectTsSegment, startRtspGate } from './testFixture';

const PLAY = '/api/merchant/video/camera/play';
const PASSWORD = 'rtsp-camera-pass-never-shown';

/**
 * An RTSP camera (a stream URL with credentials) plays through the real stream manager: the demo's gate
 * cameras are such cameras on the RTSP simulator (video-sim/rtsp).
 */
describe.skipIf(!hasFfmpeg).each(engines)('an RTSP camera through the stream manager [%s]', (engine) => {
  let gate: Awaited<ReturnType<typeof startRtspGate>>;
  let rtsp: RtspServer;
  let sceneDir: string;
  let env: TestEnv & { close: () => Promise<void> };
  let demo: string;
  let cam: VideoCamera;
  /** Every text answer of the walk: none may hold the camera's password. */
  const answers: string[] = [];

  beforeAll(async () => {
    gate = await startRtspGate(PASSWORD, 'RTSP 大门');
    ({ rtsp, sceneDir } = gate);
    // the RTSP simulator listens on 127.0.0.1
    env = await createTestEnv(engine, { VIDEO_IDLE_SECONDS: '5', VIDEO_ALLOW_LOCAL_SOURCES: 'true' });
    demo = await env.login('demo');
    const add = await env.post<VideoCamera>('/api/merchant/video/camera/add', demo, {
      groupId: env.ids.parks.farm[0] as number,
      name: 'Gate RTSP',
      kind: 'stream',
      streamUrl: rtsp.playUrl('gate'),
    });
    answers.push(JSON.stringify(add));
    expect(add.code).toBe(Code.OK);
    cam = add.data;
  }, 60_000);
  afterAll(async () => {
    await env?.close();
    await gate?.close();
  });

  const fetchFile = (url: string) => env.app.inject({ method: 'GET', url });

  it('the camera list shows the URL without its credentials', async () => {
    const list = await env.get<VideoCamera[]>('/api/merchant/video/camera/list', demo, {
      groupId: String(env.ids.parks.farm[0]),
    });
    answers.push(JSON.stringify(list));
    const mine = list.data.find((c) => c.id === cam.id);
    expect(mine).toMatchObject({ streamCredentialsSet: true });
    expect(mine?.streamUrl).toBe(`rtsp://***@127.0.0.1:${rtsp.port}/gate`);
  });

  it('play answers an HLS playlist made from the RTSP source, with H.264 TS segments', async () => {
    const play = await env.get<PlayAnswer>(PLAY, demo, { id: String(cam.id) });
    answers.push(JSON.stringify(play));
    if (!play.data.ok) throw new Error(play.data.message);
    expect(play.data.kind).toBe('hls');
    expect(rtsp.runningPublishers()).toEqual(['gate']);
    const playlist = await fetchFile(play.data.url);
    answers.push(playlist.body);
    expect(playlist.statusCode).toBe(200);
    await expectTsSegment(env.app, cam.id, playlist.body);
    // one scene publisher for the camera (the stream manager's probe and relay shared it)
    expect(processesNaming(sceneDir)).toHaveLength(1);
  }, 60_000);

  it('a wrong password in the stream URL is refused on save and plays as `auth`, without the password', async () => {
    const body = {
      groupId: env.ids.parks.farm[0] as number,
      name: 'Gate RTSP wrong password',
      kind: 'stream',
      streamUrl: rtsp.playUrl('gate').replace(PASSWORD, `${PASSWORD}-wrong`),
    };
    const refused = await env.post<VideoCamera>('/api/merchant/video/camera/add', demo, body);
    expect(refused).toMatchObject({ code: Code.DEVICE_OPERATION_FAILED, data: [{ field: 'streamUrl' }] });
    expect(refused.msg).toMatch(/user name or password/);
    const wrong = await env.post<VideoCamera>('/api/merchant/video/camera/add', demo, { ...body, unchecked: true });
    const play = await env.get<PlayAnswer>(PLAY, demo, { id: String(wrong.data.id) });
    answers.push(JSON.stringify(refused), JSON.stringify(wrong), JSON.stringify(play));
    expect(play.data).toMatchObject({ ok: false, reason: 'auth' });
  }, 40_000);

  it('no answer holds the password', () => {
    expect(answers.length).toBeGreaterThanOrEqual(5);
    for (const a of answers) expect(a).not.toContain(PASSWORD);
  });

  it('once nobody watches, the relay stops and then the RTSP publisher ffmpeg is gone', async () => {
    const relayDir = join(env.config.dataDir, 'video', String(cam.id));
    expect(await eventually(() => processesNaming(relayDir).length === 0, 20_000)).toBe(true);
    expect(await eventually(() => processesNaming(sceneDir).length === 0, 8000)).toBe(true);
    expect(rtsp.runningPublishers()).toEqual([]);
  }, 40_000);
});
