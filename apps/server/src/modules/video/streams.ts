import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { PlayAnswer } from '@farmpark/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { ffmpegAvailable, ffprobeOf, runFfmpeg, spawnFfmpeg, stopFfmpeg } from './ffmpeg';
import { pruneRecordings, SEGMENT_SECONDS } from './recordings';
import type { CameraRow } from './repo';
import { cameraSource, inputArgs, scrubUrls } from './source';
import { streamToken } from './streamToken';

/**
 * The stream manager: each watched camera becomes HLS in `DATA_DIR/video/<camera id>/`, made by one ffmpeg
 * that copies H.264 (or encodes anything else, ultrafast). Started when someone plays, stopped when no
 * playlist or segment of it was fetched for `idleSeconds`, so unwatched cameras cost nothing.
 */
export interface StreamDeps {
  db: Db;
  config: Config;
  log?: { warn(o: object, m: string): void };
}

interface Live {
  proc: ChildProcess & { lastError: () => string };
  touched: number;
  /** Resolves when the first playlist exists; rejects with ffmpeg's words when it gave up. */
  ready: Promise<void>;
}

const READY_MS = 20_000;

export function videoRoot(config: Config): string {
  return join(config.dataDir, 'video');
}

export class StreamManager {
  private readonly live = new Map<number, Live>();
  private readonly codecs = new Map<string, string>();
  private readonly sweeper: NodeJS.Timeout;
  private lastPrune = 0;

  constructor(private readonly deps: StreamDeps) {
    this.sweeper = setInterval(() => this.sweep(), 2000);
    this.sweeper.unref();
  }

  dirOf(cameraId: number): string {
    return join(videoRoot(this.deps.config), String(cameraId));
  }

  /** Cameras with a running ffmpeg now. */
  running(): number[] {
    return [...this.live.keys()];
  }

  /** An ffmpeg is writing this camera's live playlist now. */
  isLive(cameraId: number): boolean {
    return this.live.has(cameraId);
  }

  /** A fetch of a playlist or segment keeps the stream alive. */
  touch(cameraId: number): void {
    const l = this.live.get(cameraId);
    if (l) l.touched = Date.now();
  }

  /** Starts (or keeps) the camera's stream and answers a signed same-origin URL, or why not. */
  async play(cam: CameraRow): Promise<PlayAnswer> {
    const src = await cameraSource(this.deps, cam);
    if (!src.ok) return { ok: false, reason: src.reason, message: src.message };
    // An HTTP-FLV address without credentials plays in the browser as it is (mpegts.js).
    if (src.protocol === 'flv' && cam.kind === 'stream' && !/\/\/[^/]*@|\?/.test(src.url))
      return { ok: true, kind: 'flv', url: src.url, expiresAt: Date.now() + 3600_000 };
    const { ffmpeg } = this.deps.config.video;
    if (!ffmpegAvailable(ffmpeg))
      return { ok: false, reason: 'no-ffmpeg', message: `ffmpeg not found (FFMPEG_PATH=${ffmpeg})` };
    let live = this.live.get(cam.id);
    if (!live) live = this.start(cam, src);
    live.touched = Date.now();
    try {
      await live.ready;
    } catch (err) {
      return { ok: false, reason: 'offline', message: scrubUrls((err as Error).message) };
    }
    const { token, expiresAt } = streamToken(cam.id);
    return { ok: true, kind: 'hls', url: `/api/video/stream/${cam.id}/index.m3u8?t=${token}`, expiresAt };
  }

  /**
   * The source's video codec, probed once per URL (h264 is copied, anything else encoded). EZVIZ live
   * addresses are H.264 and change at every request: they are not probed.
   */
  private async codec(cam: CameraRow, src: { url: string; protocol: 'rtsp' | 'hls' | 'flv' }): Promise<string> {
    if (cam.kind === 'ezviz') return 'h264';
    const known = this.codecs.get(src.url);
    if (known) return known;
    const args = [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=codec_name',
      '-of',
      'csv=p=0',
      ...inputArgs(src),
    ];
    const out = (await runFfmpeg(ffprobeOf(this.deps.config.video.ffmpeg), args, 15_000)).toString('utf8').trim();
    const codec = out.split('\n')[0] || 'unknown';
    this.codecs.set(src.url, codec);
    return codec;
  }

  /**
   * Starts the camera's ffmpeg. A stream URL's codec is unknown until probed; rather than probing first
   * (a second connection and half a second of probing before the relay even starts: the RTSP gate's cold
   * first picture took over 3 s), the relay starts copying, the common case, and the probe runs beside it:
   * the stream is ready when both are, and one that is not H.264 starts again, encoded.
   */
  private start(cam: CameraRow, src: { url: string; protocol: 'rtsp' | 'hls' | 'flv' }): Live {
    const known = cam.kind === 'ezviz' ? 'h264' : this.codecs.get(src.url);
    const relay = this.spawn(cam.id, src, known ?? 'h264');
    if (known) return relay;
    const copying = relay.ready;
    relay.ready = this.codec(cam, src).then(
      async (codec) => {
        if (codec === 'h264') return copying;
        if (this.live.get(cam.id) !== relay) throw new Error('the stream was stopped');
        await this.stop(cam.id);
        return this.spawn(cam.id, src, codec).ready;
      },
      (err: Error) => {
        void this.stop(cam.id);
        throw new Error(`camera unreachable: ${err.message}`);
      },
    );
    relay.ready.catch(() => {});
    return relay;
  }

  private spawn(cameraId: number, src: { url: string; protocol: 'rtsp' | 'hls' | 'flv' }, codec: string): Live {
    const dir = this.dirOf(cameraId);
    mkdirSync(dir, { recursive: true });
    const playlist = join(dir, 'index.m3u8');
    // The last run's playlist must not pass for this run's; its segments stay as recordings.
    rmSync(playlist, { force: true });
    const video =
      codec === 'h264'
        ? ['-c:v', 'copy']
        : // A key frame every half second, as segments close on key frames (x264's default: every 250 frames).
          [
            ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
            ...['-force_key_frames', 'expr:gte(t,n_forced*0.5)'],
          ];
    // biome-ignore format: one option per line reads better
    const proc = spawnFfmpeg(this.deps.config.video.ffmpeg, [
      ...inputArgs(src),
      '-map', '0:v:0', ...video, '-an',
      // The first segment closes at the first key frame after 0.5 s, so the first picture comes early.
      '-f', 'hls', '-hls_init_time', '0.5', '-hls_time', String(SEGMENT_SECONDS), '-hls_list_size', '6',
      '-hls_flags', 'independent_segments+second_level_segment_index+temp_file+omit_endlist',
      '-strftime', '1', '-hls_segment_filename', join(dir, '%s_%%04d.ts'),
      playlist,
    ], true);
    const startedAt = Date.now();
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (existsSync(playlist) && readFileSync(playlist, 'utf8').includes('.ts')) {
          clearInterval(timer);
          resolve();
        } else if (proc.exitCode !== null || Date.now() - startedAt > READY_MS) {
          clearInterval(timer);
          reject(new Error(proc.lastError() || 'the camera sent no video'));
        }
      }, 200);
    });
    ready.catch(() => {});
    const live: Live = { proc, touched: Date.now(), ready };
    this.live.set(cameraId, live);
    proc.on('close', () => {
      if (this.live.get(cameraId) !== live) return;
      this.live.delete(cameraId);
      rmSync(playlist, { force: true });
    });
    return live;
  }

  /** Ends the camera's stream now (settings changed, camera removed). */
  async stop(cameraId: number): Promise<void> {
    const l = this.live.get(cameraId);
    this.live.delete(cameraId);
    if (l?.proc) await stopFfmpeg(l.proc);
    // Its segments stay (recordings); the live list goes, so players ask play again.
    if (l && !this.live.has(cameraId)) rmSync(join(this.dirOf(cameraId), 'index.m3u8'), { force: true });
  }

  private sweep(): void {
    const idleMs = this.deps.config.video.idleSeconds * 1000;
    for (const [id, l] of this.live) if (Date.now() - l.touched > idleMs) void this.stop(id);
    if (Date.now() - this.lastPrune > 3600_000) {
      this.lastPrune = Date.now();
      try {
        pruneRecordings(videoRoot(this.deps.config), this.deps.config.video.recordDays);
      } catch (err) {
        this.deps.log?.warn({ err: (err as Error).message }, 'video recordings prune failed');
      }
    }
  }

  /** Runs the idle check now (tests). */
  sweepNow(): void {
    this.sweep();
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.live.keys()].map((id) => this.stop(id)));
  }
}
