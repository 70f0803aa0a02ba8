import type { DevicesRuntime } from '../modules/devices/runtime';

/** How often the jobs look; a command times out at most this much after its 15 s. */
export const DEVICE_JOB_PERIOD_MS = 2_000;

/**
 * Offline-by-silence and command timeouts. Both work from the database (last_seen_at, sent_at), not
 * from timers per device or command, so a restart loses nothing: the first run after it catches up.
 */
export function startDeviceJobs(
  devices: Pick<DevicesRuntime, 'status' | 'commands'>,
  log: { error(obj: object, msg: string): void },
  periodMs = DEVICE_JOB_PERIOD_MS,
  /** Several processes: only the owner of the `devices` lease runs these (src/cluster). */
  owns: () => boolean = () => true,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running || !owns()) return; // a slow database must not pile up runs
    running = (async () => {
      for (const [name, job] of [
        ['device silence', devices.status.markSilent],
        ['command timeouts', devices.commands.expire],
      ] as const) {
        try {
          await job();
        } catch (err) {
          log.error({ err: (err as Error).message }, `${name} job failed`);
        }
      }
    })().finally(() => {
      running = null;
    });
  };
  tick();
  const timer = setInterval(tick, periodMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
