import type { DevicesRuntime } from '../modules/devices/runtime';
import { startJobLoop } from './loop';

/** How often the jobs look; a command times out at most this much after its 15 s. */
export const DEVICE_JOB_PERIOD_MS = 2_000;

/** Offline-by-silence (from last_seen_at) and command timeouts (from sent_at). */
export function startDeviceJobs(
  devices: Pick<DevicesRuntime, 'status' | 'commands'>,
  log: { error(obj: object, msg: string): void },
  periodMs = DEVICE_JOB_PERIOD_MS,
  /** Only the owner of the `devices` lease runs these. */
  owns: () => boolean = () => true,
): () => Promise<void> {
  return startJobLoop(
    [
      ['device silence', devices.status.markSilent],
      ['command timeouts', devices.commands.expire],
    ],
    { log, periodMs, owns },
  );
}
