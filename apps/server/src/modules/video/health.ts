import { CAMERA_FAILURES_TO_MARK } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { type CameraFailure, isCameraFault } from './faults';
import * as repo from './repo';

/** A camera whose start just failed answers that failure for this long instead of trying again. */
export const BACKOFF_MS = 10_000;
/** A camera known well is written again (heard from now) at most this often. */
const SEEN_WRITE_MS = 60_000;

type Log = { warn(o: object, m: string): void };

/**
 * What the server knows of each camera's health: the last failure of each camera, answered again for a
 * short backoff (500 plays of a dead camera spawn one ffmpeg, not 500), and every contact written to the
 * camera's row, so video setup shows the cause and, after CAMERA_FAILURES_TO_MARK failures in a row, the
 * camera's device counts as offline (offline alarm rules see its silence like any device's).
 */
export function createCameraHealth(deps: { db: Db; log?: Log; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const recent = new Map<number, { failure: CameraFailure; until: number }>();

  return {
    /** The failure of a start within the backoff, if any. */
    recentFailure(cameraId: number): CameraFailure | null {
      const r = recent.get(cameraId);
      if (!r) return null;
      if (r.until > now()) return r.failure;
      recent.delete(cameraId);
      return null;
    },

    /** New settings: the next start tries at once. */
    forget(cameraId: number): void {
      recent.delete(cameraId);
    },

    /** The camera answered (a picture, a playing stream, a check). */
    async reached(cam: repo.CameraRow): Promise<void> {
      recent.delete(cam.id);
      const at = now();
      const known =
        cam.online === 1 && cam.fault === null && !cam.unchecked && (cam.checked_at ?? 0) > at - SEEN_WRITE_MS;
      if (!known) await repo.noteCameraReached(deps.db, cam.merchant_id, cam.id, at);
    },

    /** The camera failed: remembered for the backoff and counted, unless the cause is the server's. */
    async failed(cam: repo.CameraRow, failure: CameraFailure): Promise<void> {
      if (!isCameraFault(failure.fault)) return;
      const at = now();
      recent.set(cam.id, { failure, until: at + BACKOFF_MS });
      const failures = await repo.noteCameraFailed(deps.db, cam.merchant_id, cam.id, {
        fault: failure.fault,
        detail: failure.detail.slice(0, 500),
        at,
        offlineFrom: CAMERA_FAILURES_TO_MARK,
      });
      deps.log?.warn({ cameraId: cam.id, fault: failure.fault, detail: failure.detail, failures }, 'camera failed');
    },
  };
}

export type CameraHealth = ReturnType<typeof createCameraHealth>;
