import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, type PlayAnswer, type VideoCamera } from '@farmpark/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { engines, type TestEnv } from '../../test/harness';
import type { EzvizSim } from '../../video-sim/ezvizSim';
import { changedShare, MOVED_ABOVE } from '../../video-sim/pictureChange';
import { hasFfmpeg, runFfmpeg } from './ffmpeg';
import { defaultFlagsOf, startsWithKey } from './fmp4';
import { streamToken } from './streamToken';
import { SIM_SERIALS, startVideoTestEnv } from './testFixture';

const PLAY = '/api/merchant/video/camera/play';

/** The live muxers (fMP4 to a pipe) running now whose source is on this simulator. */
function muxersOf(simUrl: string): number[] {
  const pids: number[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (cmd[0]?.endsWith('ffmpeg') && cmd.includes('frag_keyframe+empty_moov+default_base_moof'))
        if (cmd.some((a) => a.startsWith(simUrl))) pids.push(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

interface Received {
  codec: string;
  init: Buffer;
  fragments: Buffer[];
}

/** A viewer: connects, reads the codec message, the init segment and `count` fragments. */
function watch(url: string, count: number): Promise<Received & { ws: WebSocket }> {
  const ws = new WebSocket(url);
  return new Promise((resolve, reject) => {
    const got: Partial<Received> & { fragments: Buffer[] } = { fragments: [] };
    const timer = setTimeout(() => reject(new Error(`only ${got.fragments.length} fragments in 20 s`)), 20_000);
    const onMessage = (data: Buffer, binary: boolean) => {
      if (!binary) got.codec = (JSON.parse(data.toString('utf8')) as { codec: string }).codec;
      else if (!got.init) got.init = data;
      else got.fragments.push(data);
      if (got.fragments.length === count) {
        // what comes next is the caller's to read
        ws.off('message', onMessage);
        clearTimeout(timer);
        resolve({ ...(got as Received), ws });
      }
    };
    ws.on('message', onMessage);
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

/** The HTTP status a WebSocket upgrade is refused with. */
function refusedWith(url: string): Promise<number> {
  const ws = new WebSocket(url);
  return new Promise((resolve, reject) => {
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => reject(new Error('the upgrade was accepted')));
    ws.on('error', () => {});
  });
}

/** The last picture of fMP4 as a viewer received it (init segment and fragments), as PNG. */
async function lastPicture(init: Buffer, fragments: Buffer[]): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'farmpark-live-'));
  try {
    writeFileSync(join(dir, 'in.mp4'), Buffer.concat([init, ...fragments]));
    // biome-ignore format: one option per line reads better
    await runFfmpeg('ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-i', join(dir, 'in.mp4'), '-update', '1', '-y', join(dir, 'last.png'),
    ]);
    return readFileSync(join(dir, 'last.png'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!hasFfmpeg).each(engines)('sub-second live: fMP4 over WebSocket [%s]', (engine) => {
  let sim: EzvizSim;
  let env: TestEnv;
  let demo: string;
  let fixed: VideoCamera;
  let ptz: VideoCamera;
  let base: string;

  let close: () => Promise<void>;

  beforeAll(async () => {
    const t = await startVideoTestEnv(engine);
    ({ sim, env, demo, close } = t);
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
    fixed = await t.addCamera({ name: 'Fixed', kind: 'ezviz', deviceSerial: SIM_SERIALS.fixed });
    ptz = await t.addCamera({ name: 'PTZ', kind: 'ezviz', deviceSerial: SIM_SERIALS.ptz, ptz: true });
  }, 60_000);
  afterAll(async () => {
    await close?.();
  });

  const playLive = async (id: number) => {
    const play = await env.get<PlayAnswer>(PLAY, demo, { id: String(id), lowLatency: 'true' });
    expect(play.code).toBe(Code.OK);
    if (!play.data.ok) throw new Error(play.data.message);
    return play.data;
  };

  it('play with lowLatency answers a WebSocket path; a viewer gets the codec, the init segment, then fragments from a key frame', async () => {
    const answer = await playLive(fixed.id);
    expect(answer.kind).toBe('mse');
    expect(answer.url).toMatch(new RegExp(`^/api/video/live/${fixed.id}\\?t=`));
    const got = await watch(`${base}${answer.url}`, 5);
    got.ws.close();
    expect(got.codec).toMatch(/^avc1\.[0-9A-F]{6}$/);
    expect(got.init.toString('latin1', 4, 8)).toBe('ftyp');
    expect(got.init.includes('moov', 0, 'latin1')).toBe(true);
    for (const f of got.fragments) expect(f.toString('latin1', 4, 8)).toBe('moof');
    // a late viewer starts at a key frame (the simulator's: every half second)
    expect(startsWithKey(got.fragments[0] as Buffer, defaultFlagsOf(got.init))).toBe(true);
    // short fragments (100 ms at 10 fps: one frame each), not a whole key-frame interval
    expect(got.fragments.every((f) => f.length < 60_000)).toBe(true);
  }, 40_000);

  it('viewers of a camera share one ffmpeg, which stops after the last one leaves', async () => {
    const answer = await playLive(fixed.id);
    const viewers = await Promise.all([1, 2, 3].map(() => watch(`${base}${answer.url}`, 3)));
    expect(muxersOf(sim.url)).toHaveLength(1);
    viewers[0]?.ws.close();
    viewers[1]?.ws.close();
    // one still watches: the stream goes on for it
    await new Promise((r) => setTimeout(r, 6500));
    expect(muxersOf(sim.url)).toHaveLength(1);
    const last = viewers[2]?.ws as WebSocket;
    const more = await new Promise<number>((resolve) => {
      let n = 0;
      last.on('message', () => ++n === 3 && resolve(n));
    });
    expect(more).toBe(3);
    last.close();
    // grace: min(VIDEO_IDLE_SECONDS, 5) s, then the sweep
    const until = Date.now() + 12_000;
    while (muxersOf(sim.url).length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
    expect(muxersOf(sim.url)).toHaveLength(0);
  }, 60_000);

  it('refuses a token for another camera, a playback token, a forged or missing one (403), and opens nothing', async () => {
    const other = await playLive(ptz.id);
    const otherToken = new URL(other.url, 'http://x').searchParams.get('t');
    expect(await refusedWith(`${base}/api/video/live/${fixed.id}?t=${otherToken}`)).toBe(403);
    const playback = streamToken(fixed.id, { purpose: 'playback', from: Date.now() - 60_000, to: Date.now() });
    expect(await refusedWith(`${base}/api/video/live/${fixed.id}?t=${playback.token}`)).toBe(403);
    expect(await refusedWith(`${base}/api/video/live/${fixed.id}?t=l.zzzzzzzz.forged`)).toBe(403);
    expect(await refusedWith(`${base}/api/video/live/${fixed.id}`)).toBe(403);
    // the PTZ camera's own token still plays it
    const got = await watch(`${base}${other.url}`, 1);
    got.ws.close();
  }, 40_000);

  it('PTZ feedback comes through the same socket: a pan shows in the next fragments, the same ffmpeg throughout', async () => {
    const answer = await playLive(ptz.id);
    const viewer = await watch(`${base}${answer.url}`, 8);
    const before = await lastPicture(viewer.init, viewer.fragments);
    const muxers = muxersOf(sim.url);
    const more: Buffer[] = [];
    viewer.ws.on('message', (data: Buffer, binary: boolean) => binary && more.push(data));
    const pan = { id: ptz.id, direction: 'left' };
    expect((await env.post('/api/merchant/video/camera/ptz', demo, { ...pan, action: 'start', speed: 2 })).code).toBe(
      Code.OK,
    );
    // the pan reaches the scene's edge within a second of moving (240 px/s); a loaded machine shows it later
    let share = 0;
    for (const until = Date.now() + 8000; share <= MOVED_ABOVE && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 500));
      share = await changedShare(before, await lastPicture(viewer.init, [...viewer.fragments, ...more]));
    }
    await env.post('/api/merchant/video/camera/ptz', demo, { ...pan, action: 'stop' });
    viewer.ws.close();
    expect(share).toBeGreaterThan(MOVED_ABOVE);
    expect(muxersOf(sim.url)).toEqual(muxers);
  }, 40_000);
});
