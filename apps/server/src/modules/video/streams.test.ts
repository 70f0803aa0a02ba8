import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Code, type PlayAnswer, type RecordingRange, type VideoCamera } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type TestEnv } from '../../test/harness';
import type { EzvizSim } from '../../video-sim/ezvizSim';
import { changedShare, MOVED_ABOVE, SAME_BELOW } from '../../video-sim/pictureChange';
import { hasFfmpeg } from './ffmpeg';
import { expectTsSegment, SIM_SERIALS, startVideoTestEnv } from './testFixture';

const PLAY = '/api/merchant/video/camera/play';
const SNAPSHOT = '/api/merchant/video/camera/snapshot';
const PTZ = '/api/merchant/video/camera/ptz';
const STREAM_PASSWORD = 'hls-pass-never-shown';

/** ffmpeg processes whose command line names this folder. */
function ffmpegsIn(dir: string): number {
  let n = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir)) n++;
    } catch {
      // gone meanwhile
    }
  }
  return n;
}

describe.skipIf(!hasFfmpeg).each(engines)('live streams, PTZ, recordings [%s]', (engine) => {
  let sim: EzvizSim;
  let env: TestEnv;
  let demo: string;
  let ptzCam: VideoCamera;
  let hlsCam: VideoCamera;
  let live: string;

  let close: () => Promise<void>;

  beforeAll(async () => {
    // the simulator listens on 127.0.0.1
    const t = await startVideoTestEnv(engine);
    ({ sim, env, demo, close } = t);
    ptzCam = await t.addCamera({ name: 'PTZ', kind: 'ezviz', deviceSerial: SIM_SERIALS.ptz, ptz: true });
    const hlsUrl = `${sim.url.replace('//', `//viewer:${STREAM_PASSWORD}@`)}/live/${SIM_SERIALS.fixed}-1/index.m3u8`;
    hlsCam = await t.addCamera({ name: 'HLS', kind: 'stream', streamUrl: hlsUrl });
  }, 60_000);
  afterAll(async () => {
    await close?.();
  });

  const fetchFile = (url: string) => env.app.inject({ method: 'GET', url });

  it('play starts an HLS stream of the EZVIZ camera: a same-origin playlist whose segments are H.264 TS', async () => {
    const play = await env.get<PlayAnswer>(PLAY, demo, { id: String(ptzCam.id) });
    expect(play.code).toBe(Code.OK);
    if (!play.data.ok) throw new Error(play.data.message);
    expect(play.data.kind).toBe('hls');
    live = play.data.url;
    expect(live).toMatch(new RegExp(`^/api/video/stream/${ptzCam.id}/index\\.m3u8\\?t=`));
    const playlist = await fetchFile(live);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('mpegurl');
    await expectTsSegment(env.app, ptzCam.id, playlist.body);
  }, 40_000);

  it('a stream URL (HLS with credentials) is relayed through the server, never handed out', async () => {
    const play = await env.get<PlayAnswer>(PLAY, demo, { id: String(hlsCam.id) });
    if (!play.data.ok) throw new Error(play.data.message);
    expect(play.data.url).toMatch(new RegExp(`^/api/video/stream/${hlsCam.id}/`));
    expect(JSON.stringify(play)).not.toContain(STREAM_PASSWORD);
    expect((await fetchFile(play.data.url)).body).toContain('.ts?t=');
  }, 40_000);

  it('an RTSP camera that does not answer plays as refused, with the reason in words', async () => {
    const park = env.ids.parks.farm[0] as number;
    // saved unchecked on purpose (a check would refuse it with the same cause)
    const rtsp = await env.post<VideoCamera>('/api/merchant/video/camera/add', demo, {
      groupId: park,
      name: 'RTSP',
      kind: 'stream',
      streamUrl: 'rtsp://admin:pw@127.0.0.1:9/nothing',
      unchecked: true,
    });
    const play = await env.get<PlayAnswer>(PLAY, demo, { id: String(rtsp.data.id) });
    expect(play.data).toMatchObject({ ok: false, reason: 'refused' });
    if (!play.data.ok) expect(play.data.message).toMatch(/refused the connection/);
    expect(JSON.stringify(play)).not.toContain('pw@');
    expect(JSON.stringify(play)).not.toContain('127.0.0.1');
  }, 30_000);

  it("stream files need this camera's token: none, a forged one, another camera's, another merchant", async () => {
    const token = new URL(live, 'http://x').searchParams.get('t') as string;
    expect((await fetchFile(`/api/video/stream/${ptzCam.id}/index.m3u8`)).statusCode).toBe(403);
    expect((await fetchFile(`/api/video/stream/${ptzCam.id}/index.m3u8?t=${token}x`)).statusCode).toBe(403);
    expect((await fetchFile(`/api/video/stream/${hlsCam.id}/index.m3u8?t=${token}`)).statusCode).toBe(403);
    expect((await fetchFile(`/api/video/stream/${ptzCam.id}/..%2F..%2Ffarmpark.db?t=${token}`)).statusCode).toBe(404);
    const other = await env.login('demo2');
    expect((await env.get(PLAY, other, { id: String(ptzCam.id) })).code).toBe(Code.NOT_FOUND);
    expect((await env.get(SNAPSHOT, other, { id: String(ptzCam.id) })).code).toBe(Code.NOT_FOUND);
    expect((await env.post(PTZ, other, { id: ptzCam.id, action: 'start', direction: 'left' })).code).toBe(
      Code.NOT_FOUND,
    );
  });

  it('PTZ really pans and zooms the picture; two snapshots without a move match', async () => {
    const shot = async () => {
      const res = await env.app.inject({
        method: 'GET',
        url: `${SNAPSHOT}?id=${ptzCam.id}`,
        headers: { AuthToken: demo },
      });
      expect(res.headers['content-type']).toBe('image/jpeg');
      return res.rawPayload;
    };
    const move = async (direction: string, ms: number) => {
      const start = await env.post(PTZ, demo, { id: ptzCam.id, action: 'start', direction, speed: 2 });
      expect(start.code).toBe(Code.OK);
      await new Promise((r) => setTimeout(r, ms));
      expect((await env.post(PTZ, demo, { id: ptzCam.id, action: 'stop', direction })).code).toBe(Code.OK);
    };
    const first = await shot();
    const still = await shot();
    // the clock differs between them: compared away from the texts (pictureChange.ts)
    expect(await changedShare(first, still)).toBeLessThan(SAME_BELOW);
    await move('right', 1000);
    const panned = await shot();
    expect(await changedShare(still, panned)).toBeGreaterThan(MOVED_ABOVE);
    await move('zoomIn', 1500);
    const zoomed = await shot();
    expect(await changedShare(panned, zoomed)).toBeGreaterThan(MOVED_ABOVE);
    expect(await changedShare(zoomed, await shot())).toBeLessThan(SAME_BELOW);
    await move('zoomOut', 1500);
    expect(await changedShare(zoomed, await shot())).toBeGreaterThan(MOVED_ABOVE);
    // a camera without PTZ refuses
    expect((await env.post(PTZ, demo, { id: hlsCam.id, action: 'start', direction: 'left' })).code).toBe(
      Code.DEVICE_OPERATION_FAILED,
    );
  }, 40_000);

  it('what was streamed is recorded: its range is listed and plays as a VOD playlist', async () => {
    const q = { id: String(ptzCam.id), from: String(Date.now() - 120_000), to: String(Date.now() + 60_000) };
    const ranges = await env.get<RecordingRange[]>('/api/merchant/video/camera/recordings', demo, q);
    expect(ranges.data.length).toBeGreaterThanOrEqual(1);
    const back = await env.get<PlayAnswer>('/api/merchant/video/camera/playback', demo, q);
    if (!back.data.ok) throw new Error(back.data.message);
    const vod = await fetchFile(back.data.url);
    expect(vod.statusCode).toBe(200);
    expect(vod.body).toContain('#EXT-X-ENDLIST');
    const seg = vod.body.split('\n').find((l) => l.includes('.ts?t=')) as string;
    expect((await fetchFile(`/api/video/stream/${ptzCam.id}/${seg}`)).statusCode).toBe(200);
    const none = await env.get<PlayAnswer>('/api/merchant/video/camera/playback', demo, {
      ...q,
      from: '1000000000000',
      to: '1000000060000',
    });
    expect(none.data).toMatchObject({ ok: false, reason: 'no-recording' });
  });

  it('a token opens only what it was signed for: live the live stream, playback its range', async () => {
    const dir = join(env.config.dataDir, 'video', String(ptzCam.id));
    // a segment recorded an hour ago
    const old = `${Math.floor(Date.now() / 1000) - 3600}_0001.ts`;
    writeFileSync(join(dir, old), Buffer.alloc(188, 0x47));
    const file = (name: string, url: string) =>
      fetchFile(`/api/video/stream/${ptzCam.id}/${name}?t=${new URL(url, 'http://x').searchParams.get('t')}`);
    const live = (await env.get<PlayAnswer>(PLAY, demo, { id: String(ptzCam.id) })).data;
    if (!live.ok) throw new Error(live.message);
    expect((await file('vod.m3u8', live.url)).statusCode).toBe(403);
    expect((await file(old, live.url)).statusCode).toBe(403);
    const playback = async (from: number, to: number) => {
      const answer = (
        await env.get<PlayAnswer>('/api/merchant/video/camera/playback', demo, {
          id: String(ptzCam.id),
          from: String(from),
          to: String(to),
        })
      ).data;
      if (!answer.ok) throw new Error(answer.message);
      return answer;
    };
    const recent = await playback(Date.now() - 120_000, Date.now());
    expect((await file('index.m3u8', recent.url)).statusCode).toBe(403);
    expect((await file(old, recent.url)).statusCode).toBe(403);
    const hourAgo = await playback(Date.now() - 3_700_000, Date.now() - 3_500_000);
    expect((await file(old, hourAgo.url)).statusCode).toBe(200);
    expect((await fetchFile(hourAgo.url)).body).toContain(old);
  });

  it('a stream nobody fetches stops after the idle time', async () => {
    const dir = join(env.config.dataDir, 'video', String(ptzCam.id));
    const play = await env.get<PlayAnswer>(PLAY, demo, { id: String(ptzCam.id) });
    expect(play.data.ok).toBe(true);
    expect(ffmpegsIn(dir)).toBe(1);
    const until = Date.now() + 15_000;
    while (ffmpegsIn(dir) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 500));
    expect(ffmpegsIn(dir)).toBe(0);
    // a stopped stream's playlist is gone, so a player asks play again instead of polling a dead list
    if (play.data.ok) expect((await fetchFile(play.data.url)).statusCode).toBe(404);
  }, 30_000);
});
