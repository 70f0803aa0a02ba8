import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config';
import { asFailure, CameraFailure } from './faults';
import type { OwnedProcess } from './processes';
import { pruneRecordings, SEGMENT_SECONDS } from './recordings';
import { copyThenProbe, type RelayDeps, relaySource, videoArgs } from './relayStart';
import type { CameraRow } from './repo';
import { type CameraSource, inputArgs } from './source';

/**
 * The stream manager: each watched camera becomes HLS in `DATA_DIR/video/<camera id>/`, made by one ffmpeg
 * that copies H.264 (or encodes anything else, ultrafast). Started when someone plays, stopped when no
 * playlist or segment of it was fetched for `idleSeconds`, so unwatched cameras cost nothing. Every
 * process comes from the owner (processes.ts); a failed start is answered again for the health's backoff.
 */
export interface StreamDeps extends RelayDeps {
  log?: { warn(o: object, m: string): void };
}

interface Live {
  proc: OwnedProcess;
  touched: number;
  /** Resolves when the first segment is listed; rejects with a CameraFailure when the source gave none. */
  ready: Promise<void>;
}

const READY_MS = 20_000;

export function videoRoot(config: Config): string {
  return join(config.dataDir, 'video');
}

export class StreamManager {
  private readonly live = new Map<number, Live>();
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

  /**
   * Starts (or keeps) the camera's live HLS; resolves when it plays, rejects with a CameraFailure: the
   * settings, the backoff after a failed start, the source, the process cap, or what the source answered.
   */
  async start(cam: CameraRow): Promise<void> {
    let live = this.live.get(cam.id);
    if (!live) {
      const src = await relaySource(this.deps, cam);
      try {
        // another play may have started it meanwhile
        live =
          this.live.get(cam.id) ??
          copyThenProbe(this.deps, cam, src, {
            spawn: (codec) => this.spawn(cam, src, codec),
            isCurrent: (r) => this.live.get(cam.id) === r,
            stop: () => this.stop(cam.id),
          });
      } catch (err) {
        throw asFailure(err); // the process cap: the server's state, not the camera's
      }
    }
    live.touched = Date.now();
    await live.ready;
  }

  /** One relay; throws ProcessCapError at the cap. */
  private spawn(cam: CameraRow, src: CameraSource, codec: string): Live {
    const dir = this.dirOf(cam.id);
    mkdirSync(dir, { recursive: true });
    const playlist = join(dir, 'index.m3u8');
    const video = videoArgs(codec);
    // biome-ignore format: one option per line reads better
    const args = [
      ...inputArgs(src),
      '-map', '0:v:0', ...video, '-an',
      // The first segment closes at the first key frame after 0.5 s, so the first picture comes early.
      '-f', 'hls', '-hls_init_time', '0.5', '-hls_time', String(SEGMENT_SECONDS), '-hls_list_size', '6',
      '-hls_flags', 'independent_segments+second_level_segment_index+temp_file+omit_endlist',
      '-strftime', '1', '-hls_segment_filename', join(dir, '%s_%%04d.ts'),
      playlist,
    ];
    const proc = this.deps.owner.start({ merchantId: cam.merchant_id, purpose: 'live', args, stdin: true });
    // The last run's playlist must not pass for this run's; its segments stay as recordings.
    rmSync(playlist, { force: true });
    const startedAt = Date.now();
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (existsSync(playlist) && readFileSync(playlist, 'utf8').includes('.ts')) {
          clearInterval(timer);
          resolve();
        } else if (!proc.alive()) {
          clearInterval(timer);
          reject(asFailure(new Error(proc.lastError() || 'the camera sent no video'), [cam.stream_url]));
        } else if (Date.now() - startedAt > READY_MS) {
          clearInterval(timer);
          reject(new CameraFailure('offline', 'no video within 20 s'));
        }
      }, 200);
    });
    ready.catch(() => {});
    const live: Live = { proc, touched: Date.now(), ready };
    this.live.set(cam.id, live);
    void proc.ended.then(() => {
      if (this.live.get(cam.id) !== live) return;
      this.live.delete(cam.id);
      rmSync(playlist, { force: true });
    });
    return live;
  }

  /** Ends the camera's stream now (settings changed, camera removed). */
  async stop(cameraId: number): Promise<void> {
    const l = this.live.get(cameraId);
    this.live.delete(cameraId);
    if (l?.proc) await l.proc.stop();
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
