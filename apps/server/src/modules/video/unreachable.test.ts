import net from 'node:net';
import { Code, type PlayAnswer, type VideoCamera } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from '../../test/harness';
import { hasFfmpeg } from './ffmpeg';

const PLAY = '/api/merchant/video/camera/play';

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe.skipIf(!hasFfmpeg)('an unreachable stream camera', () => {
  let env: TestEnv & { close: () => Promise<void> };
  let demo: string;
  let cam: VideoCamera;
  beforeAll(async () => {
    env = await createTestEnv('sqlite');
    demo = await env.login('demo');
    const port = await closedPort();
    cam = (
      await env.post<VideoCamera>('/api/merchant/video/camera/add', demo, {
        groupId: env.ids.parks.farm[0],
        name: 'Dead',
        kind: 'stream',
        streamUrl: `rtsp://u:p@127.0.0.1:${port}/x`,
      })
    ).data;
  }, 60_000);
  afterAll(async () => env?.close());

  it('played 500 times in a row leaves the server answering', async () => {
    for (let i = 0; i < 500; i++) {
      const play = await env.get<PlayAnswer>(PLAY, demo, { id: String(cam.id) });
      expect(play.code).toBe(Code.OK);
      expect(play.data.ok).toBe(false);
    }
    const list = await env.get('/api/merchant/video/camera/list', demo, { pageNum: '1', pageSize: '10' });
    expect(list.code).toBe(Code.OK);
  }, 600_000);
});
