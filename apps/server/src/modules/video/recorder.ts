import type { Db } from '../../db/connect';
import { recordingCameras } from './repo';
import type { StreamManager } from './streams';

/** How often the recorder looks at the cameras set to record (and restarts the ones that stopped). */
export const RECORD_CHECK_MS = 30_000;
/** After its second failure in a row a camera waits this long, doubling at each failure up to the max. */
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 10 * 60_000;

interface Attempt {
  failures: number;
  /** No new try before this time (epoch ms). */
  retryAt: number;
  /** The last try started a relay: finding it gone at the next check is a failure. */
  started: boolean;
}

/**
 * Recording around the clock (docs/VIDEO.md, "Recording and playback"): every enabled camera set to
 * `record continuously` has its live relay running whether anyone watches or not, so its segments are the
 * recording. The relay is the stream manager's own, held past the idle stop, so viewers share it (no second
 * ffmpeg). A relay that died (camera offline, ffmpeg gone) starts again at a later check, after a delay that
 * doubles with each failure: never a tight loop. Only the process that owns the cluster's `devices` work
 * records (main.ts gives `owns`; one process: always), like the scheduled camera pictures.
 */
export class Recorder {
  private readonly attempts = new Map<number, Attempt>();
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;

  constructor(
    private readonly streams: StreamManager,
    private readonly deps: { db: Db; log?: { warn(o: object, m: string): void } },
  ) {}

  /** Cameras this recorder holds live now. */
  recording(): number[] {
    return [...this.attempts.keys()].filter((id) => this.streams.isLive(id));
  }

  /**
   * One look at the cameras: starts the relays that should run and are not (when their retry time has
   * come), and lets go of the ones no longer to record (setting off, camera disabled or removed, or this
   * process no longer owns the work), which then stop unless someone is watching them.
   */
  async check(owns: boolean, now = Date.now()): Promise<void> {
    const wanted = owns ? await recordingCameras(this.deps.db) : [];
    const ids = new Set(wanted.map((c) => c.id));
    for (const id of [...this.attempts.keys()])
      if (!ids.has(id)) {
        this.attempts.delete(id);
        await this.streams.release(id);
      }
    await Promise.all(
      wanted.map(async (cam) => {
        const a = this.attempts.get(cam.id) ?? { failures: 0, retryAt: 0, started: false };
        this.attempts.set(cam.id, a);
        if (this.streams.isLive(cam.id)) {
          // Still running since the last check (or started by a viewer): held, and a clean slate.
          this.streams.hold(cam.id);
          a.failures = 0;
          a.started = true;
          return;
        }
        if (a.started) this.failed(a, now, cam.id, 'the relay stopped');
        if (now < a.retryAt) return;
        this.streams.hold(cam.id);
        const answer = await this.streams.play(cam);
        if (answer.ok && answer.kind === 'hls') {
          a.started = true;
          return;
        }
        // An HTTP-FLV address the browser plays directly has no relay, hence no recording.
        this.failed(a, now, cam.id, answer.ok ? 'an HTTP-FLV address without a relay' : answer.message);
      }),
    );
  }

  private failed(a: Attempt, now: number, cameraId: number, why: string): void {
    a.failures++;
    a.started = false;
    // The first failure tries again at the next check (settings changed, a blip); later ones wait longer.
    const wait = a.failures === 1 ? 0 : Math.min(RETRY_BASE_MS * 2 ** (a.failures - 2), RETRY_MAX_MS);
    a.retryAt = now + wait;
    this.deps.log?.warn({ cameraId, failures: a.failures, retryInSeconds: wait / 1000, why }, 'recording paused');
  }

  /** The check every RECORD_CHECK_MS while `owns()` (the cluster's `devices` lease; one process: always). */
  start(owns: () => boolean = () => true): void {
    const tick = () => {
      if (this.checking) return;
      this.checking = this.check(owns())
        .catch((err: Error) => this.deps.log?.warn({ err: err.message }, 'recording check failed'))
        .finally(() => {
          this.checking = null;
        });
    };
    tick();
    this.timer = setInterval(tick, RECORD_CHECK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.checking;
  }
}
