import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VideoCamera } from '@farmpark/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Engine } from '../../db/connect';
import { createTestEnv } from '../../test/harness';
import { type EzvizSim, startEzvizSim } from '../../video-sim/ezvizSim';
import { scenePublisher } from '../../video-sim/rtsp/scenePublisher';
import { startRtspServer } from '../../video-sim/rtsp/server';
import { Scene } from '../../video-sim/scene';
import { DEFAULT_FFMPEG } from './ffmpeg';

/** The EZVIZ simulator as the video tests use it: one PTZ camera, one fixed, one offline. */
export const SIM_KEY = { appKey: 'sim-app-key', appSecret: 'sim-secret-never-in-a-response' };
export const SIM_SERIALS = { ptz: 'SIMPTZ001', fixed: 'SIMFIX002', offline: 'SIMOFF003' };

export async function startTestSim(idleMs = 4000): Promise<EzvizSim> {
  const dir = mkdtempSync(join(tmpdir(), 'farmpark-ezviz-sim-'));
  const sim = await startEzvizSim({
    ...SIM_KEY,
    ffmpeg: DEFAULT_FFMPEG,
    font: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
    dir,
    idleMs,
    // Pictures are compared for "nothing moved" at every zoom (video-sim/pictureChange.ts).
    movingBox: false,
    devices: [
      { serial: SIM_SERIALS.ptz, channelNo: 1, name: 'PTZ 云台', ptz: true },
      { serial: SIM_SERIALS.fixed, channelNo: 1, name: 'Fixed 枪机', ptz: false },
      { serial: SIM_SERIALS.offline, channelNo: 1, name: 'Offline', ptz: false, offline: true },
    ],
  });
  return {
    ...sim,
    async close() {
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The simulator and a test server using it (local sources allowed, streams idle after 5 s), the demo
 * merchant signed in with the simulator's key; `addCamera` adds one to the merchant's first farm park.
 */
export async function startVideoTestEnv(engine: Engine) {
  const sim = await startTestSim();
  const env = await createTestEnv(engine, {
    EZVIZ_BASE_URL: sim.url,
    VIDEO_IDLE_SECONDS: '5',
    VIDEO_ALLOW_LOCAL_SOURCES: 'true',
  });
  const demo = await env.login('demo');
  await env.post('/api/merchant/video/ezvizKey', demo, { appKey: SIM_KEY.appKey, secret: SIM_KEY.appSecret });
  const park = env.ids.parks.farm[0] as number;
  return {
    sim,
    env,
    demo,
    addCamera: async (body: object) =>
      (await env.post<VideoCamera>('/api/merchant/video/camera/add', demo, { groupId: park, ...body })).data,
    async close() {
      await env.close();
      await sim.close();
    },
  };
}

/** The first segment a camera's HLS playlist names, fetched through the server: an MPEG-TS file of video. */
export async function expectTsSegment(app: FastifyInstance, cameraId: number, playlist: string): Promise<void> {
  const segment = playlist.split('\n').find((l) => l.includes('.ts?t='));
  expect(segment).toBeDefined();
  const ts = await app.inject({ method: 'GET', url: `/api/video/stream/${cameraId}/${segment}` });
  expect(ts.statusCode).toBe(200);
  expect(ts.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
  expect(ts.rawPayload.length).toBeGreaterThan(1000);
}

/** A port of 127.0.0.1 nothing listens on: bound, then closed. */
export async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/**
 * An HTTP server on 127.0.0.1 that is no camera: `/404/...` answers 404, `/401/...` 401 with a Basic
 * challenge, anything else an HTML page (200). Stream URLs pointing at it fail for these reasons.
 */
export async function startWebServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path.startsWith('/404/')) return void res.writeHead(404).end('not here');
    if (path.startsWith('/401/'))
      return void res.writeHead(401, { 'www-authenticate': 'Basic realm="cam"' }).end('who are you');
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>a web page</body></html>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * ffmpeg's description of a media file (its `Input #0` lines: format, duration, streams), read by copying it
 * to nothing: what the tests check a segment or a clip with, without ffprobe (the npm ffmpeg has none).
 */
export function describeFile(file: string): string {
  const r = spawnSync(DEFAULT_FFMPEG, ['-hide_banner', '-nostats', '-i', file, '-c', 'copy', '-f', 'null', '-'], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (r.status !== 0)
    throw new Error(`ffmpeg could not read ${file}: ${r.stderr.trim().split('\n').slice(-2).join(' ')}`);
  return r.stderr;
}

/**
 * The RTSP simulator with one scene at `gate` (a camera whose stream URL carries `user:password`), as the
 * demo's gate cameras are: for the tests of the stream manager and the recorder.
 */
export async function startRtspGate(password: string, name: string) {
  const sceneDir = mkdtempSync(join(tmpdir(), 'farmpark-rtsp-cam-'));
  const rtsp = await startRtspServer({ user: 'admin', password, lingerMs: 1000 });
  const scene = new Scene({
    ffmpeg: DEFAULT_FFMPEG,
    font: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
    dir: sceneDir,
    name,
  });
  rtsp.addSource('gate', scenePublisher(DEFAULT_FFMPEG, scene));
  return {
    rtsp,
    url: rtsp.playUrl('gate'),
    sceneDir,
    async close() {
      await rtsp.close();
      rmSync(sceneDir, { recursive: true, force: true });
    },
  };
}
