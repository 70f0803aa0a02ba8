import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import {
  interleavedChannels,
  RtspReader,
  type RtspRequest,
  rtspFrame,
  rtspPath,
  rtspResponse,
  sdpTrackControls,
} from './protocol';

/**
 * A small RTSP server for the simulated cameras (docs/VIDEO.md, "RTSP camera"): a local ffmpeg publishes a
 * scene (ANNOUNCE, SETUP, RECORD, then interleaved RTP), players (the stream manager's ffmpeg) DESCRIBE,
 * SETUP and PLAY it with Basic credentials and receive the publisher's packets. TCP interleaved only. Each
 * path has a publisher started on demand: when its first player DESCRIBEs it, and stopped `lingerMs` after
 * the last one leaves, so a camera nobody watches costs nothing.
 */
export interface RtspPublisher {
  stop(): Promise<void>;
  /** Called once when the publishing process ends by itself. */
  onExit(listener: () => void): void;
}
/** Starts publishing a path to `url` (rtsp://127.0.0.1:port/path). */
export type StartPublisher = (url: string) => RtspPublisher;

export interface RtspServerOptions {
  user: string;
  password: string;
  /** How long a path's publisher keeps running after its last player left (default 5 s). */
  lingerMs?: number;
  /** How long a DESCRIBE waits for an on-demand publisher's ANNOUNCE (default 8 s; then 503). */
  announceTimeoutMs?: number;
}

export interface RtspServer {
  port: number;
  /** `rtsp://user:password@127.0.0.1:port/path`: what a camera's stream URL holds. */
  playUrl(path: string): string;
  /** Registers a path whose publisher is started on demand. */
  addSource(path: string, start: StartPublisher): void;
  /** Paths whose publishing process runs now. */
  runningPublishers(): string[];
  close(): Promise<void>;
}

interface Track {
  /** Publisher's channels → track, for forwarding. */
  rtp: number;
  rtcp: number;
}
interface Announced {
  sdp: string;
  controls: string[];
  conn: Conn;
  /** By track index, set at the publisher's SETUP. */
  tracks: (Track | undefined)[];
}
interface Mount {
  path: string;
  start: StartPublisher;
  running: RtspPublisher | null;
  stream: Announced | null;
  waiters: Set<(ok: boolean) => void>;
  /** Player connections that DESCRIBEd or SETUP this path and have not left. */
  viewers: Set<Conn>;
  stopTimer: NodeJS.Timeout | null;
}
interface Conn {
  socket: Socket;
  session: string;
  role: 'none' | 'publisher' | 'player';
  mount: Mount | null;
  /** Publisher: what it ANNOUNCEd. */
  announced: Announced | null;
  /** Player: its channels by track index. */
  tracks: Map<number, Track>;
  playing: boolean;
}

const PUBLIC = 'OPTIONS, DESCRIBE, ANNOUNCE, SETUP, PLAY, RECORD, GET_PARAMETER, TEARDOWN';
/** A player whose socket holds this much unsent video is too slow to follow: it is dropped. */
const MAX_BACKLOG = 4 * 1024 * 1024;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (s: string) => createHash('sha256').update(s).digest();

export async function startRtspServer(opts: RtspServerOptions): Promise<RtspServer> {
  const lingerMs = opts.lingerMs ?? 5000;
  const announceTimeoutMs = opts.announceTimeoutMs ?? 8000;
  const expected = digest(`Basic ${Buffer.from(`${opts.user}:${opts.password}`).toString('base64')}`);
  const mounts = new Map<string, Mount>();
  const conns = new Set<Conn>();
  let port = 0;

  const authorised = (req: RtspRequest) => timingSafeEqual(digest(req.headers.get('authorization') ?? ''), expected);

  /** The mount and track a SETUP URL names: `<path>/<control>` (or the path itself for one track). */
  function trackOf(url: string, controls: (path: string) => string[] | null): { mount: Mount; track: number } | null {
    const full = rtspPath(url);
    for (const mount of mounts.values()) {
      const list = controls(mount.path);
      if (!list) continue;
      if (full === mount.path && list.length === 1) return { mount, track: 0 };
      if (!full.startsWith(`${mount.path}/`)) continue;
      const track = list.indexOf(full.slice(mount.path.length + 1));
      if (track >= 0) return { mount, track };
    }
    return null;
  }

  function startPublisher(mount: Mount): void {
    if (mount.running) return;
    const publisher = mount.start(`rtsp://127.0.0.1:${port}/${mount.path}`);
    mount.running = publisher;
    publisher.onExit(() => {
      if (mount.running !== publisher) return;
      mount.running = null;
      for (const w of mount.waiters) w(false);
    });
  }

  /** Waits (bounded) until the path is published, starting its publisher if needed. */
  function published(mount: Mount): Promise<boolean> {
    if (mount.stream) return Promise.resolve(true);
    startPublisher(mount);
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        mount.waiters.delete(done);
        resolve(ok);
      };
      const timer = setTimeout(() => done(false), announceTimeoutMs);
      mount.waiters.add(done);
    });
  }

  function watch(mount: Mount, conn: Conn): void {
    if (mount.stopTimer) clearTimeout(mount.stopTimer);
    mount.stopTimer = null;
    mount.viewers.add(conn);
    conn.mount = mount;
  }

  /** A player left: the publisher stops a while after the last one. */
  function leave(conn: Conn): void {
    const mount = conn.mount;
    conn.playing = false;
    if (!mount?.viewers.delete(conn) || mount.viewers.size > 0 || mount.stopTimer) return;
    mount.stopTimer = setTimeout(() => {
      mount.stopTimer = null;
      const running = mount.running;
      if (mount.viewers.size > 0 || !running) return;
      mount.running = null;
      // The next DESCRIBE waits for a new publisher rather than taking the SDP of one being stopped.
      if (mount.stream) unpublish(mount.stream.conn);
      void running.stop();
    }, lingerMs);
  }

  /** The publisher's connection ended or it sent TEARDOWN: its players' streams end with it. */
  function unpublish(conn: Conn): void {
    const mount = conn.mount;
    if (!mount || mount.stream?.conn !== conn) return;
    mount.stream = null;
    for (const viewer of mount.viewers) viewer.socket.destroy();
  }

  function forward(conn: Conn, channel: number, data: Buffer): void {
    const stream = conn.mount?.stream;
    if (conn.role !== 'publisher' || !stream || stream.conn !== conn) return;
    const track = stream.tracks.findIndex((t) => t?.rtp === channel || t?.rtcp === channel);
    if (track < 0) return;
    const rtcp = stream.tracks[track]?.rtcp === channel;
    for (const viewer of conn.mount?.viewers ?? []) {
      const to = viewer.playing ? viewer.tracks.get(track) : undefined;
      if (!to) continue;
      if (viewer.socket.writableLength > MAX_BACKLOG) viewer.socket.destroy();
      else viewer.socket.write(rtspFrame(rtcp ? to.rtcp : to.rtp, data));
    }
  }

  async function answer(conn: Conn, req: RtspRequest): Promise<Buffer> {
    const cseq = req.headers.get('cseq') ?? '0';
    const reply = (status: number, headers: Record<string, string> = {}, body = '') =>
      rtspResponse(status, cseq, headers, body);
    const session = { Session: `${conn.session};timeout=60` };
    const { method } = req;
    if (method === 'OPTIONS') return reply(200, { Public: PUBLIC });

    if (method === 'ANNOUNCE') {
      // Only a process of this machine publishes (the demo's scene ffmpeg).
      if (!LOOPBACK.has(conn.socket.remoteAddress ?? '')) return reply(403);
      const mount = mounts.get(rtspPath(req.url));
      if (!mount) return reply(404);
      if (mount.stream || conn.role !== 'none') return reply(455);
      const sdp = req.body.toString('utf8');
      const controls = sdpTrackControls(sdp);
      if (controls.length === 0) return reply(400);
      conn.role = 'publisher';
      conn.mount = mount;
      conn.announced = { sdp, controls, conn, tracks: [] };
      mount.stream = conn.announced;
      for (const w of mount.waiters) w(true);
      return reply(200);
    }
    if (conn.role === 'publisher') {
      const announced = conn.announced as Announced;
      if (method === 'SETUP') {
        const found = trackOf(req.url, (p) => (p === conn.mount?.path ? announced.controls : null));
        const channels = interleavedChannels(req.headers.get('transport') ?? '');
        if (!found) return reply(404);
        if (!channels) return reply(461);
        announced.tracks[found.track] = channels;
        const transport = `RTP/AVP/TCP;unicast;interleaved=${channels.rtp}-${channels.rtcp};mode=record`;
        return reply(200, { Transport: transport, ...session });
      }
      if (method === 'RECORD' || method === 'GET_PARAMETER') return reply(200, session);
      if (method === 'TEARDOWN') {
        unpublish(conn);
        return reply(200, session);
      }
      return reply(method === 'DESCRIBE' || method === 'PLAY' ? 455 : 501);
    }

    // Everything a player asks needs the camera's credentials (ffmpeg sends them after the first 401).
    if (!authorised(req)) return reply(401, { 'WWW-Authenticate': 'Basic realm="FarmPark camera"' });
    if (method === 'DESCRIBE') {
      const mount = mounts.get(rtspPath(req.url));
      if (!mount) return reply(404);
      watch(mount, conn);
      if (!(await published(mount)) || !mount.stream) {
        leave(conn);
        return reply(503);
      }
      const base = req.url.endsWith('/') ? req.url : `${req.url}/`;
      return reply(200, { 'Content-Type': 'application/sdp', 'Content-Base': base }, mount.stream.sdp);
    }
    if (method === 'SETUP') {
      const found = trackOf(req.url, (p) => mounts.get(p)?.stream?.controls ?? null);
      if (!found || (conn.mount && conn.mount !== found.mount)) return reply(found ? 455 : 404);
      const channels = interleavedChannels(req.headers.get('transport') ?? '');
      // UDP is not served: ffmpeg then retries over TCP by itself.
      if (!channels) return reply(461);
      watch(found.mount, conn);
      conn.role = 'player';
      conn.tracks.set(found.track, channels);
      return reply(200, { Transport: `RTP/AVP/TCP;unicast;interleaved=${channels.rtp}-${channels.rtcp}`, ...session });
    }
    if (method === 'PLAY') {
      if (conn.role !== 'player' || !conn.mount?.stream) return reply(455);
      conn.playing = true;
      return reply(200, { Range: 'npt=0.000-', ...session });
    }
    if (method === 'GET_PARAMETER') return reply(200, session);
    if (method === 'TEARDOWN') {
      leave(conn);
      conn.tracks.clear();
      conn.role = 'none';
      conn.mount = null;
      return reply(200, session);
    }
    return reply(501);
  }

  const server: Server = createServer((socket) => {
    const conn: Conn = {
      socket,
      session: randomBytes(8).toString('hex'),
      role: 'none',
      mount: null,
      announced: null,
      tracks: new Map(),
      playing: false,
    };
    conns.add(conn);
    socket.setNoDelay(true);
    const reader = new RtspReader();
    // Requests are answered in order; interleaved frames pass at once (a player's RTCP reports are dropped).
    let queue = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      let items: ReturnType<RtspReader['push']>;
      try {
        items = reader.push(chunk);
      } catch {
        // not RTSP, or a head or body out of bounds: nothing to answer
        return void socket.destroy();
      }
      for (const item of items) {
        if (item.kind === 'frame') forward(conn, item.channel, item.data);
        else
          queue = queue
            .then(async () => {
              const out = await answer(conn, item.request);
              if (!socket.destroyed) socket.write(out);
            })
            .catch(() => void socket.destroy());
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      conns.delete(conn);
      if (conn.role === 'publisher') unpublish(conn);
      else leave(conn);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;

  return {
    port,
    playUrl: (path) =>
      `rtsp://${encodeURIComponent(opts.user)}:${encodeURIComponent(opts.password)}@127.0.0.1:${port}/${path}`,
    addSource(path, start) {
      mounts.set(path, {
        path,
        start,
        running: null,
        stream: null,
        waiters: new Set(),
        viewers: new Set(),
        stopTimer: null,
      });
    },
    runningPublishers: () => [...mounts.values()].filter((m) => m.running).map((m) => m.path),
    async close() {
      const running = [...mounts.values()].flatMap((m) => {
        if (m.stopTimer) clearTimeout(m.stopTimer);
        const r = m.running;
        m.running = null;
        return r ? [r.stop()] : [];
      });
      await Promise.all(running);
      for (const c of conns) c.socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
