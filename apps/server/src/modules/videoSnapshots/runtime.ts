import type { Db } from '../../db/connect';
import type { ProcessOwner } from '../video/processes';
import { cameraInScope, camerasOfPark, devicePlace, plotsOfPark, scheduledCameras } from './cameraRepo';
import type { CameraSource } from './cameras';
import { nearestCameras, readPlots } from './nearest';
import * as repo from './repo';
import { createSnapshots } from './service';
import { createTimelapses } from './timelapse';

/** How often the schedule is looked at; pictures fall on the schedule's slots (:00, :10, ... for 10 minutes). */
export const SCHEDULE_TICK_MS = 30_000;
/**
 * A camera whose last picture failed is tried again after 1, 2, 4... minutes (at most its period), not at
 * every tick: a dead camera costs a process every few minutes, and fails a few times in a row quickly
 * enough to count as failing (video/health.ts) within minutes.
 */
export const RETRY_BASE_MS = 60_000;

export function retryDue(cam: { failures: number; checkedAt: number | null }, periodMs: number, now: number): boolean {
  if (cam.failures === 0 || cam.checkedAt === null) return true;
  return now >= cam.checkedAt + Math.min(periodMs, RETRY_BASE_MS * 2 ** (cam.failures - 1));
}

export interface VideoSnapshotsDeps {
  db: Db;
  dataDir: string;
  tzName: string;
  /** Video's process owner (time-lapses are its processes too). */
  owner: ProcessOwner;
  /** One JPEG frame from a camera now (modules/video), noted in the camera's health. */
  capture: (cameraId: number) => Promise<Buffer>;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Camera pictures: the schedule, the alarm pictures and time-lapse jobs. Work started from events
 * (an alarm, a job) is tracked so `idle()` can wait for it (tests, shutdown).
 */
export function createVideoSnapshots(deps: VideoSnapshotsDeps) {
  const { db, log } = deps;
  const cameras: CameraSource = {
    scheduled: () => scheduledCameras(db),
    ofPark: (m, g) => camerasOfPark(db, m, g),
    inScope: (scope, id) => cameraInScope(db, scope, id),
    capture: deps.capture,
  };
  const snapshots = createSnapshots({ db, dataDir: deps.dataDir, tzName: deps.tzName, cameras });
  const timelapses = createTimelapses({ db, dataDir: deps.dataDir, owner: deps.owner, cameras, log });
  const pending = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };

  /** Takes the pictures whose slot has come: one per camera per period, even after a pause. */
  async function scheduleTick(now = Date.now()): Promise<number> {
    const last = await repo.lastScheduledAt(db);
    let taken = 0;
    for (const cam of await cameras.scheduled()) {
      const period = cam.snapshotMinutes * 60_000;
      const prev = last.get(cam.id);
      if (prev !== undefined && Math.floor(prev / period) >= Math.floor(now / period)) continue;
      if (!retryDue(cam, period, now)) continue;
      try {
        await snapshots.keep(cam, 'schedule', now);
        taken++;
      } catch (err) {
        log.warn({ cameraId: cam.id, err: (err as Error).message }, 'scheduled snapshot failed');
      }
    }
    return taken;
  }

  async function alarmPictures(alarm: { id: number; merchant_id: number; group_id: number; device_id: number }) {
    const inPark = await cameras.ofPark(alarm.merchant_id, alarm.group_id);
    if (inPark.length === 0) return;
    const device = await devicePlace(db, alarm.device_id);
    const plots = readPlots(await plotsOfPark(db, alarm.merchant_id, alarm.group_id));
    for (const cam of nearestCameras(inPark, device, plots)) {
      try {
        await snapshots.keep(cam, 'alarm', Date.now(), alarm.id);
      } catch (err) {
        log.warn({ alarmId: alarm.id, cameraId: cam.id, err: (err as Error).message }, 'alarm snapshot failed');
      }
    }
  }

  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<unknown> | null = null;
  return {
    snapshots,
    timelapses,
    scheduleTick,
    /** For the alarm lifecycle's onRaised: never throws, never delays the alarm. */
    onAlarmRaised(alarm: { id: number; merchant_id: number; group_id: number; device_id: number }) {
      track(alarmPictures(alarm));
    },
    /**
     * The schedule timer and the time-lapse jobs a stopped process left, in the process that `owns`
     * this work (the cluster's lease; always true with one process).
     */
    start(owns: () => boolean = () => true) {
      let resumed = false;
      const tick = () => {
        if (ticking || !owns()) return;
        if (!resumed) {
          resumed = true;
          track(timelapses.resume());
        }
        ticking = scheduleTick()
          .catch((err: Error) => log.warn({ err: err.message }, 'snapshot schedule failed'))
          .finally(() => {
            ticking = null;
          });
        track(ticking);
      };
      tick();
      timer = setInterval(tick, SCHEDULE_TICK_MS);
      timer.unref();
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
      await timelapses.idle();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await this.idle();
    },
  };
}

export type VideoSnapshots = ReturnType<typeof createVideoSnapshots>;
