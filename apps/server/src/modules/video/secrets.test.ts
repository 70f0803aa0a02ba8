import { Writable } from 'node:stream';
import type { VideoCamera } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, engines, type TestEnv } from '../../test/harness';
import { type RtspServer, startRtspServer } from '../../video-sim/rtsp/server';
import { createVideoSnapshots } from '../videoSnapshots/runtime';
import { hasFfmpeg } from './ffmpeg';
import { createVideo, type Video } from './runtime';
import { closedPort, startWebServer } from './testFixture';

/** Passwords with quotes, spaces and `@`, which a pattern stopping at a quote or a space let through. */
const PASSWORDS = [`it's a "pa ss"@word`, 'p"w d@x', '"quoted pass"'];

/**
 * Issue 25 point 2: whatever a camera with such a password does (saved checked or not, listed, played, its
 * play answered again from the backoff, photographed, scheduled), no answer and no line of the server's
 * log (read at trace level) holds the password, in any spelling.
 */
describe.skipIf(!hasFfmpeg).each(engines)('stream passwords reach no answer and no log line [%s]', (engine) => {
  let rtsp: RtspServer;
  let web: Awaited<ReturnType<typeof startWebServer>>;
  let env: TestEnv & { close: () => Promise<void> };
  let video: Video;
  let demo: string;
  const log: string[] = [];
  const answers: string[] = [];
  const keep = <T>(r: T) => {
    answers.push(typeof r === 'string' ? r : JSON.stringify(r));
    return r;
  };

  beforeAll(async () => {
    rtsp = await startRtspServer({ user: 'admin', password: 'right', lingerMs: 500 });
    rtsp.addSource('gate', () => ({ stop: async () => {}, onExit: () => {} }));
    web = await startWebServer();
    const sink = new Writable({
      write(chunk, _enc, done) {
        log.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    env = await createTestEnv(engine, { LOG_LEVEL: 'trace', VIDEO_ALLOW_LOCAL_SOURCES: 'true' }, sink);
    video = createVideo({ db: env.db, config: env.config, log: env.app.log });
    demo = await env.login('demo');
  }, 60_000);
  afterAll(async () => {
    await video?.close();
    await env?.close();
    await Promise.all([rtsp?.close(), web?.close()]);
  });

  it('saves, lists, plays, photographs and schedules cameras whose URLs hold such passwords', async () => {
    const urls = [
      `rtsp://o'brien:${PASSWORDS[0]}@127.0.0.1:${rtsp.port}/gate`,
      `http://viewer:${PASSWORDS[1]}@${web.url.slice('http://'.length)}/404/live.m3u8`,
      `rtsp://admin:${PASSWORDS[2]}@127.0.0.1:${await closedPort()}/live`,
    ];
    const park = env.ids.parks.farm[0] as number;
    const ids: number[] = [];
    for (const streamUrl of urls) {
      const body = { groupId: park, name: 'secret', kind: 'stream', streamUrl, snapshotEveryMinutes: 1 };
      keep(await env.post('/api/merchant/video/camera/add', demo, body));
      const saved = keep(
        await env.post<VideoCamera>('/api/merchant/video/camera/add', demo, { ...body, unchecked: true }),
      );
      ids.push(saved.data.id);
      keep(await env.post('/api/merchant/video/camera/update', demo, { ...body, id: saved.data.id, name: 'again' }));
    }
    for (const id of ids) {
      // the second play is answered from the backoff
      for (let i = 0; i < 2; i++) keep(await env.get('/api/merchant/video/camera/play', demo, { id: String(id) }));
      const shot = await env.app.inject({
        url: `/api/merchant/video/camera/snapshot?id=${id}`,
        headers: { AuthToken: demo },
      });
      keep(shot.body);
    }
    const pictures = createVideoSnapshots({
      db: env.db,
      dataDir: env.config.dataDir,
      tzName: env.config.tzName,
      owner: video.owner,
      capture: video.capture,
      log: env.app.log,
    });
    expect(await pictures.scheduleTick(Date.now() + 3600_000)).toBe(0);
    keep(await env.get('/api/merchant/video/camera/list', demo));
    keep(await env.get('/api/merchant/camera/getCameraListByGroupId', demo, { groupId: String(park) }));
    // the walk did fail and log, so the search below is not of nothing
    expect(log.some((l) => l.includes('camera failed') && l.includes('Connection refused'))).toBe(true);
    expect(answers.some((a) => a.includes('refused the connection'))).toBe(true);
  }, 120_000);

  it('no answer and no log line holds a password, however spelled', () => {
    expect(log.length).toBeGreaterThan(50);
    for (const password of PASSWORDS)
      for (const spelling of [password, encodeURIComponent(password), encodeURI(password)]) {
        for (const a of answers) expect(a).not.toContain(spelling);
        for (const l of log) expect(l).not.toContain(spelling);
      }
  });
});
