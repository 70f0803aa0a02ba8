/** A named job of a loop; its failure is logged as `<name> job failed` and does not stop the others. */
export type Job = readonly [name: string, run: () => Promise<unknown>];

export interface JobLoopOptions {
  log: { error(obj: object, msg: string): void };
  periodMs: number;
  /** Several processes: only the owner of the loop's lease runs it (src/cluster). */
  owns: () => boolean;
}

/**
 * Runs the jobs one after the other now and every period, in this process only while it owns them. The jobs
 * keep their state in the database, not in timers, so a restart loses nothing: the first run catches up.
 * Answers a stop that waits for the run under way.
 */
export function startJobLoop(jobs: readonly Job[], { log, periodMs, owns }: JobLoopOptions): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running || !owns()) return; // a slow database must not pile up runs
    running = (async () => {
      for (const [name, run] of jobs) {
        try {
          await run();
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
