import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { asFailure, CameraFailure } from './faults';
import { Fmp4Splitter } from './fmp4';
import type { OwnedProcess } from './processes';
import { copyThenProbe, type RelayDeps, relaySource, videoArgs } from './relayStart';
import { type CameraRow, cameraById } from './repo';
import { type CameraSource, inputArgs } from './source';
import { readStreamToken } from './streamToken';

/**
 * Sub-second live video (issue 25): fragmented MP4 over a WebSocket into the browser's Media Source. One
 * ffmpeg per watched camera, shared by all its viewers, copies H.264 (encodes anything else, ultrafast) into
 * fMP4 on its stdout with 100 ms fragments; the hub cuts it into the init segment and fragments (fmp4.ts)
 * and sends them to every viewer. A viewer gets a text message `{"codec": …}`, the init segment, the
 * fragments since the last key frame, then every fragment as it comes. The ffmpeg stops `graceMs` after
 * its last viewer left. HLS (streams.ts) stays the fallback where this path cannot run.
 */
export const LIVE_WS_PATH = /^\/api\/video\/live\/(\d{1,12})$/;
const READY_MS = 20_000;
/** A viewer this far behind (bytes queued in its socket) skips fragments up to the next key frame. */
const BEHIND_BYTES = 1_000_000;

interface Viewer {
  ws: WebSocket;
  /** Skipping until a key frame (joined late or fell behind). */
  needKey: boolean;
}

interface Muxer {
  proc: OwnedProcess;
  init: { data: Buffer; codec: string } | null;
  /** The fragments since the last key frame: a new viewer starts with them. */
  gop: Buffer[];
  viewers: Set<Viewer>;
  /** Resolves at the first key fragment; rejects with a CameraFailure when the source gave none. */
  ready: Promise<void>;
  /**
   * When the last viewer left (or the first key frame came with none yet); null while watched or starting
   * (a start has READY_MS of its own).
   */
  unwatchedSince: number | null;
}

export class LiveHub {
  private readonly muxers = new Map<number, Muxer>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly deps: RelayDeps) {
    this.sweeper = setInterval(() => this.sweep(), 1000);
    this.sweeper.unref();
  }

  /** A muxer without viewers stops after this long (a player reconnecting keeps it). */
  private get graceMs(): number {
    return Math.min(this.deps.config.video.idleSeconds, 5) * 1000;
  }

  /** Starts (or keeps) the camera's muxer; resolves when a key frame came, rejects with a CameraFailure. */
  async start(cam: CameraRow): Promise<void> {
    let m = this.muxers.get(cam.id);
    if (!m) {
      const src = await relaySource(this.deps, cam, 'flv');
      try {
        m =
          this.muxers.get(cam.id) ??
          copyThenProbe(this.deps, cam, src, {
            spawn: (codec) => this.spawn(cam, src, codec),
            isCurrent: (r) => this.muxers.get(cam.id) === r,
            stop: () => this.stop(cam.id),
          });
      } catch (err) {
        throw asFailure(err); // the process cap
      }
    }
    await m.ready;
  }

  private spawn(cam: CameraRow, src: CameraSource, codec: string): Muxer {
    const video = videoArgs(codec);
    // biome-ignore format: one option per line reads better
    const args = [
      // no input buffering: a frame is passed on as soon as it is read
      '-fflags', 'nobuffer', '-flags', 'low_delay', ...inputArgs(src, 10, 100_000),
      '-map', '0:v:0', ...video, '-an',
      '-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-frag_duration', '100000',
      'pipe:1',
    ];
    const proc = this.deps.owner.start({
      merchantId: cam.merchant_id,
      purpose: 'live',
      args,
      stdin: true,
      stdout: true,
    });
    const m: Muxer = { proc, init: null, gop: [], viewers: new Set(), ready: Promise.resolve(), unwatchedSince: null };
    let keyed: () => void = () => {};
    m.ready = new Promise<void>((resolve, reject) => {
      keyed = () => {
        clearTimeout(timer);
        if (m.viewers.size === 0 && m.unwatchedSince === null) m.unwatchedSince = Date.now();
        resolve();
      };
      const timer = setTimeout(() => {
        reject(new CameraFailure('offline', 'no video within 20 s'));
        void proc.stop();
      }, READY_MS);
      timer.unref();
      void proc.ended.then(() => {
        clearTimeout(timer);
        reject(asFailure(new Error(proc.lastError() || 'the camera sent no video'), [cam.stream_url]));
      });
    });
    m.ready.catch(() => {});
    const splitter = new Fmp4Splitter();
    proc.output?.on('data', (chunk: Buffer) => {
      for (const part of splitter.push(chunk)) {
        if (part.kind === 'init') {
          m.init = { data: part.data, codec: part.codec };
          continue;
        }
        if (part.key) {
          m.gop = [];
          keyed();
        }
        if (!m.init || (m.gop.length === 0 && !part.key)) continue;
        m.gop.push(part.data);
        for (const v of m.viewers) this.send(v, part.data, part.key);
      }
    });
    this.muxers.set(cam.id, m);
    void proc.ended.then(() => {
      if (this.muxers.get(cam.id) === m) this.muxers.delete(cam.id);
      // viewers of a muxer that ended ask again (the player falls back to HLS, which says why in words)
      for (const v of m.viewers) v.ws.close(1011, 'stream ended');
    });
    return m;
  }

  private send(v: Viewer, data: Buffer, key: boolean): void {
    if (v.ws.readyState !== v.ws.OPEN) return;
    if (v.ws.bufferedAmount > BEHIND_BYTES) {
      v.needKey = true;
      return;
    }
    if (v.needKey && !key) return;
    v.needKey = false;
    v.ws.send(data);
  }

  /**
   * The WebSocket upgrade of `/api/video/live/<camera id>?t=<live token>`: answers false for other paths
   * (the caller passes them on), 403 for a token that is missing, expired, for another camera or not live.
   */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://x');
    const match = LIVE_WS_PATH.exec(url.pathname);
    if (!match) return false;
    const cameraId = Number(match[1]);
    const grant = readStreamToken(cameraId, url.searchParams.get('t') ?? undefined);
    if (grant?.purpose !== 'live') {
      socket.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return true;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => void this.join(cameraId, ws));
    return true;
  }

  private async join(cameraId: number, ws: WebSocket): Promise<void> {
    ws.on('error', () => ws.terminate());
    const v: Viewer = { ws, needKey: false };
    try {
      const cam = await cameraById(this.deps.db, cameraId);
      if (!cam) throw new CameraFailure('not-configured');
      await this.start(cam);
    } catch (err) {
      // the reason as a close code's words (the player falls back to HLS, whose play says why in words)
      if (ws.readyState === ws.OPEN) ws.close(4001, asFailure(err).fault);
      return;
    }
    const m = this.muxers.get(cameraId);
    if (!m?.init || ws.readyState !== ws.OPEN) return void ws.close(1011, 'stream ended');
    m.viewers.add(v);
    m.unwatchedSince = null;
    ws.on('close', () => {
      m.viewers.delete(v);
      if (m.viewers.size === 0) m.unwatchedSince = Date.now();
    });
    ws.send(JSON.stringify({ codec: m.init.codec }));
    ws.send(m.init.data);
    for (const f of m.gop) ws.send(f);
  }

  /** Stops the camera's muxer now (settings changed, camera removed). */
  async stop(cameraId: number): Promise<void> {
    const m = this.muxers.get(cameraId);
    this.muxers.delete(cameraId);
    if (m) await m.proc.stop();
  }

  private sweep(): void {
    for (const [id, m] of this.muxers)
      if (m.unwatchedSince !== null && Date.now() - m.unwatchedSince > this.graceMs) void this.stop(id);
  }

  /** Runs the idle check now (tests). */
  sweepNow(): void {
    this.sweep();
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    for (const ws of this.wss.clients) ws.terminate();
    await Promise.all([...this.muxers.keys()].map((id) => this.stop(id)));
  }
}
