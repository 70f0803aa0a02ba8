import { Code, type PlayAnswer, type VideoCamera } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from '../../test/harness';
import { closedPort, startWebServer } from './testFixture';

/**
 * Stream URLs cannot map the server's own network (issue 25 point 3): without VIDEO_ALLOW_LOCAL_SOURCES a
 * source on this machine, loopback or link-local is refused before anything connects, with one answer
 * whatever would have answered (an open port, a closed one, a 404). The database plays no part: SQLite.
 */
describe('local stream sources are refused, all alike', () => {
  let web: Awaited<ReturnType<typeof startWebServer>>;
  let env: TestEnv & { close: () => Promise<void> };
  let demo: string;
  let closed: number;

  beforeAll(async () => {
    web = await startWebServer();
    closed = await closedPort();
    env = await createTestEnv('sqlite');
    demo = await env.login('demo');
  }, 60_000);
  afterAll(async () => {
    await env?.close();
    await web?.close();
  });

  const body = (streamUrl: string, more: object = {}) => ({
    groupId: env.ids.parks.farm[0],
    name: 'local',
    kind: 'stream',
    streamUrl,
    ...more,
  });
  const sources = () => [
    `${web.url}/page/live.m3u8`, // open, answers 200
    `${web.url}/404/live.m3u8`, // open, answers 404
    `http://127.0.0.1:${closed}/live.m3u8`, // closed
    `rtsp://admin:pw@localhost:${closed}/live`,
    'http://[::1]:8080/live.flv',
    'http://169.254.169.254/latest/live.m3u8',
    `http://2130706433:${closed}/live.m3u8`,
  ];

  it('on save: the same refusal for every local source', async () => {
    const answers = await Promise.all(sources().map((u) => env.post('/api/merchant/video/camera/add', demo, body(u))));
    for (const a of answers) {
      expect(a.code).toBe(Code.DEVICE_OPERATION_FAILED);
      expect(a).toEqual(answers[0]);
    }
    expect(answers[0]?.msg).toBe('A video source may not be this server or a link-local address');
    expect(answers[0]?.data).toEqual([{ field: 'streamUrl', rule: 'invalid', params: { fault: 'local-source' } }]);
  });

  it('on play of a camera saved unchecked: the same answer', async () => {
    const plays: PlayAnswer[] = [];
    for (const u of sources()) {
      const cam = await env.post<VideoCamera>('/api/merchant/video/camera/add', demo, body(u, { unchecked: true }));
      expect(cam.code, cam.msg).toBe(Code.OK);
      plays.push(
        (await env.get<PlayAnswer>('/api/merchant/video/camera/play', demo, { id: String(cam.data.id) })).data,
      );
    }
    expect(new Set(plays.map((p) => JSON.stringify(p))).size).toBe(1);
    expect(plays[0]).toEqual({
      ok: false,
      reason: 'local-source',
      message: 'A video source may not be this server or a link-local address',
    });
  });
});
