import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { runFfmpeg } from '../modules/video/ffmpeg';
import { type PtzMove, Scene } from './scene';

/**
 * A local EZVIZ-compatible open API (the part FarmPark calls: token, live address, PTZ, capture), for the
 * demo and the tests, so the same client code runs as against open.ys7.com. Answers `{code, msg, data}`
 * with text codes, "200" for success, 10002 for an expired token. Its devices are simulated scenes (see
 * scene.ts) whose HLS and live HTTP-FLV it serves itself under /live/, started when fetched and stopped
 * when unwatched.
 */
export interface SimDevice {
  serial: string;
  channelNo: number;
  name: string;
  ptz: boolean;
  offline?: boolean;
}

export interface EzvizSimOptions {
  appKey: string;
  appSecret: string;
  devices: SimDevice[];
  ffmpeg: string;
  font: string;
  /** Scratch folder for the scenes' HLS. */
  dir: string;
  tokenTtlMs?: number;
  idleMs?: number;
  /** The zone of the scenes' on-screen clocks (the parks'). */
  timeZone?: string;
  /** See SceneOptions.movingBox. */
  movingBox?: boolean;
  /** See SceneOptions.timeCode. */
  timeCode?: boolean;
}

export interface EzvizSim {
  url: string;
  /** Every token given so far stops working (the next call answers 10002). */
  expireTokens(): void;
  /** How many tokens were handed out. */
  tokensIssued(): number;
  /** Scenes producing video now. */
  runningScenes(): number;
  close(): Promise<void>;
}

/** EZVIZ's PTZ direction numbers (8 zoom in, 9 zoom out). */
const DIRECTIONS: Record<string, PtzMove> = {
  0: 'up',
  1: 'down',
  2: 'left',
  3: 'right',
  8: 'zoomIn',
  9: 'zoomOut',
};

export async function startEzvizSim(opts: EzvizSimOptions): Promise<EzvizSim> {
  const tokens = new Map<string, number>();
  let issued = 0;
  const captures = new Map<string, Buffer>();
  const scenes = new Map<string, { scene: Scene; touched: number }>();
  // a device's presets by number, as a camera keeps them (outliving its scene, which idles away)
  const presets = new Map<string, Map<number, ReturnType<Scene['position']>>>();
  const presetsOf = (d: SimDevice) => {
    const kept = presets.get(key(d)) ?? new Map();
    presets.set(key(d), kept);
    return kept;
  };
  const key = (d: SimDevice) => `${d.serial}-${d.channelNo}`;
  const sceneOf = (d: SimDevice) => {
    let s = scenes.get(key(d));
    if (!s) {
      s = {
        scene: new Scene({
          ffmpeg: opts.ffmpeg,
          font: opts.font,
          dir: join(opts.dir, key(d)),
          name: d.name,
          timeZone: opts.timeZone,
          movingBox: opts.movingBox,
          timeCode: opts.timeCode,
        }),
        touched: Date.now(),
      };
      scenes.set(key(d), s);
    }
    return s;
  };
  const idleMs = opts.idleMs ?? 30_000;
  const sweeper = setInterval(() => {
    for (const s of scenes.values()) {
      // an open FLV player watches until it goes
      if (s.scene.flv.watching > 0) s.touched = Date.now();
      if (s.scene.running && Date.now() - s.touched > idleMs) void s.scene.stop();
    }
  }, 2000);
  sweeper.unref();

  const answer = (res: ServerResponse, code: string, msg: string, data: unknown = null) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code, msg, data }));
  };

  async function api(path: string, form: URLSearchParams, res: ServerResponse, base: string): Promise<void> {
    if (path === '/api/lapp/token/get') {
      if (form.get('appKey') !== opts.appKey || form.get('appSecret') !== opts.appSecret)
        return answer(res, '10030', 'appKey and appSecret do not match');
      const accessToken = `at.${randomBytes(16).toString('hex')}`;
      const expireTime = Date.now() + (opts.tokenTtlMs ?? 7 * 24 * 3600_000);
      tokens.set(accessToken, expireTime);
      issued++;
      return answer(res, '200', 'Operation succeeded', { accessToken, expireTime });
    }
    const exp = tokens.get(form.get('accessToken') ?? '');
    if (exp === undefined || exp < Date.now()) return answer(res, '10002', 'accessToken expired or abnormal');
    const device = opts.devices.find(
      (d) => d.serial === form.get('deviceSerial') && d.channelNo === Number(form.get('channelNo') ?? '1'),
    );
    if (!device) return answer(res, '20002', 'device does not exist');
    if (device.offline) return answer(res, '20007', 'device is offline');
    const s = sceneOf(device);
    if (path === '/api/lapp/v2/live/address/get') {
      const protocol = form.get('protocol') ?? '2';
      if (protocol !== '2' && protocol !== '4')
        return answer(res, '60061', 'only HLS (protocol 2) and FLV (4) are simulated');
      const expireTime = Date.now() + 3600_000;
      const file = protocol === '2' ? 'index.m3u8' : 'live.flv';
      const url = `${base}/live/${key(device)}/${file}?k=${randomBytes(6).toString('hex')}`;
      return answer(res, '200', 'Operation succeeded', { id: key(device), url, expireTime });
    }
    if (path === '/api/lapp/device/ptz/start' || path === '/api/lapp/device/ptz/stop') {
      if (!device.ptz) return answer(res, '60020', 'the device does not support PTZ');
      const dir = DIRECTIONS[form.get('direction') ?? ''];
      if (path.endsWith('start')) {
        if (!dir) return answer(res, '10001', 'direction is invalid');
        s.scene.ptzStart(dir, Number(form.get('speed') ?? '1'));
      } else s.scene.ptzStop();
      return answer(res, '200', 'Operation succeeded');
    }
    if (path.startsWith('/api/lapp/device/preset/')) {
      if (!device.ptz) return answer(res, '60020', 'the device does not support PTZ');
      const kept = presetsOf(device);
      if (path.endsWith('/add')) {
        const index = Math.max(0, ...kept.keys()) + 1;
        kept.set(index, s.scene.position());
        return answer(res, '200', 'Operation succeeded', { index });
      }
      const index = Number(form.get('index'));
      const at = kept.get(index);
      if (!at) return answer(res, '60013', 'the preset does not exist');
      if (path.endsWith('/move')) s.scene.moveTo(at);
      else if (path.endsWith('/clear')) kept.delete(index);
      else return answer(res, '10001', 'unknown call');
      return answer(res, '200', 'Operation succeeded');
    }
    if (path === '/api/lapp/device/capture') {
      const id = randomBytes(8).toString('hex');
      captures.set(id, await runFfmpeg(opts.ffmpeg, s.scene.captureArgs(), undefined, s.scene.env()));
      if (captures.size > 20) captures.delete(captures.keys().next().value as string);
      return answer(res, '200', 'Operation succeeded', { picUrl: `${base}/capture/${id}.jpg` });
    }
    return answer(res, '10001', 'unknown call');
  }

  async function media(path: string, res: ServerResponse): Promise<void> {
    const cap = /^\/capture\/([0-9a-f]+)\.jpg$/.exec(path);
    if (cap) {
      const jpg = captures.get(cap[1] as string);
      res.writeHead(jpg ? 200 : 404, { 'content-type': 'image/jpeg' });
      return void res.end(jpg ?? '');
    }
    const m = /^\/live\/([\w-]+)\/(index\.m3u8|index\d+\.ts|live\.flv)$/.exec(path);
    const device = m && opts.devices.find((d) => key(d) === m[1]);
    if (!m || !device || device.offline) {
      res.writeHead(404);
      return void res.end();
    }
    const s = sceneOf(device);
    s.touched = Date.now();
    s.scene.start();
    if (m[2] === 'live.flv') return s.scene.flv.attach(res);
    const file = join(opts.dir, key(device), m[2] as string);
    // The first playlist appears after the first 2 s segment.
    for (let i = 0; i < 100 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
    if (!existsSync(file)) {
      res.writeHead(404);
      return void res.end();
    }
    res.writeHead(200, {
      'content-type': file.endsWith('.ts') ? 'video/mp2t' : 'application/vnd.apple.mpegurl',
      'cache-control': 'no-cache',
    });
    res.end(readFileSync(file));
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const base = `http://${req.headers.host}`;
    const u = new URL(req.url ?? '/', base);
    let raw = '';
    req.on('data', (c: Buffer) => {
      if (raw.length < 8192) raw += c.toString('utf8');
    });
    req.on('end', () => {
      const job =
        req.method === 'POST' && u.pathname.startsWith('/api/lapp/')
          ? api(u.pathname, new URLSearchParams(raw), res, base)
          : media(u.pathname, res);
      job.catch((err: Error) => {
        if (!res.headersSent) answer(res, '49999', err.message);
      });
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    expireTokens: () => tokens.clear(),
    tokensIssued: () => issued,
    runningScenes: () => [...scenes.values()].filter((s) => s.scene.running).length,
    async close() {
      clearInterval(sweeper);
      await Promise.all([...scenes.values()].map((s) => s.scene.stop()));
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
