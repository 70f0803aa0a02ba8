import { Code, type PlayAnswer, type VideoCamera } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from '../../test/harness';
import { hasFfmpeg } from './ffmpeg';
import { BACKOFF_MS } from './health';
import { closedPort } from './testFixture';

const PLAY = '/api/merchant/video/camera/play';

describe.skipIf(!hasFfmpeg)('an unreachable stream camera', () => {
  let env: TestEnv & { close: () => Promise<void> };
  let demo: string;
  let cam: VideoCamera;
  beforeAll(async () => {
    // a closed port of 127.0.0.1 is what this test plays
    env = await createTestEnv('sqlite', { VIDEO_ALLOW_LOCAL_SOURCES: 'true' });
    demo = await env.login('demo');
    const port = await closedPort();
    cam = (
      await env.post<VideoCamera>('/api/merchant/video/camera/add', demo, {
        groupId: env.ids.parks.farm[0],
        name: 'Dead',
        kind: 'stream',
        streamUrl: `rtsp://u:p@127.0.0.1:${port}/x`,
        unchecked: true,
      })
    ).data;
  }, 60_000);
  afterAll(async () => env?.close());

  it('played 500 times in a row answers the cause each time, spawns ffmpeg once per backoff, and the server still answers', async () => {
    const started = Date.now();
    for (let i = 0; i < 500; i++) {
      const play = await env.get<PlayAnswer>(PLAY, demo, { id: String(cam.id) });
      expect(play.code).toBe(Code.OK);
      expect(play.data).toMatchObject({ ok: false, reason: 'refused' });
    }
    const took = Date.now() - started;
    // every real attempt is counted on the camera; the others were answered from the backoff
    const row = await env.db
      .selectFrom('video_cameras')
      .select(['failures', 'fault'])
      .where('device_id', '=', cam.id)
      .executeTakeFirstOrThrow();
    expect(row.fault).toBe('refused');
    expect(row.failures).toBeGreaterThanOrEqual(1);
    expect(row.failures).toBeLessThanOrEqual(1 + Math.ceil(took / BACKOFF_MS));
    const list = await env.get('/api/merchant/video/camera/list', demo, { pageNum: '1', pageSize: '10' });
    expect(list.code).toBe(Code.OK);
  }, 120_000);
});
