import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlayAnswer, VideoCamera } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from '../../test/harness';
import { type RtspServer, startRtspServer } from '../../video-sim/rtsp/server';
import { DEFAULT_FFMPEG, hasFfmpeg, spawnFfmpeg, stopFfmpeg } from './ffmpeg';
import { describeFile } from './testFixture';

const PLAY = '/api/merchant/video/camera/play';

/**
 * A stream URL's codec is probed beside the relay that starts copying (streams.ts `start`): a camera that
 * sends something other than H.264 must still end up as H.264 for the browser, encoded by the server.
 * The database plays no part here, so SQLite alone.
 */
describe.skipIf(!hasFfmpeg)('a camera that does not send H.264', () => {
  let rtsp: RtspServer;
  let env: TestEnv & { close: () => Promise<void> };
  let demo: string;

  beforeAll(async () => {
    rtsp = await startRtspServer({ user: 'admin', password: 'pw', lingerMs: 1000 });
    // MPEG-4 part 2: plays in no browser over HLS, so the server must encode it.
    rtsp.addSource('mpeg4', (url) => {
      // biome-ignore format: one option per line reads better
      const proc = spawnFfmpeg(DEFAULT_FFMPEG, [
        '-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10',
        '-c:v', 'mpeg4', '-g', '5', '-f', 'rtsp', '-rtsp_transport', 'tcp', url,
      ], true);
      return { stop: () => stopFfmpeg(proc), onExit: (listener) => void proc.once('close', listener) };
    });
    // the RTSP simulator listens on 127.0.0.1
    env = await createTestEnv('sqlite', { VIDEO_IDLE_SECONDS: '5', VIDEO_ALLOW_LOCAL_SOURCES: 'true' });
    demo = await env.login('demo');
  }, 60_000);
  afterAll(async () => {
    await env?.close();
    await rtsp?.close();
  });

  it('plays as HLS whose segments are H.264', async () => {
    const add = await env.post<VideoCamera>('/api/merchant/video/camera/add', demo, {
      groupId: env.ids.parks.farm[0] as number,
      name: 'MPEG-4 camera',
      kind: 'stream',
      streamUrl: rtsp.playUrl('mpeg4'),
    });
    const play = await env.get<PlayAnswer>(PLAY, demo, { id: String(add.data.id) });
    if (!play.data.ok) throw new Error(play.data.message);
    const playlist = await env.app.inject({ method: 'GET', url: play.data.url });
    const segment = playlist.body.split('\n').find((l) => l.includes('.ts?t='));
    expect(segment).toBeDefined();
    const ts = await env.app.inject({ method: 'GET', url: `/api/video/stream/${add.data.id}/${segment}` });
    expect(ts.statusCode).toBe(200);
    const file = join(env.config.dataDir, 'segment.ts');
    writeFileSync(file, ts.rawPayload);
    // every video stream of the segment (one per program) is H.264
    const words = await describeFile(file);
    expect(new Set([...words.matchAll(/: Video: (\w+)/g)].map((m) => m[1]))).toEqual(new Set(['h264']));
  }, 60_000);
});
