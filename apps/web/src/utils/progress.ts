export const PROGRESS_DEFAULT_MS = 4000;
export const PROGRESS_CLOSE_DELAY_MS = 300;

export interface ProgressHandlers {
  onTick: (percent: number) => void;
  onDone: () => void;
}

/**
 * SPEC §4/§9: counts 0 to 100 in steps of duration/100, then calls onDone 300 ms after reaching 100.
 * Returns a stop function that cancels any pending step (e.g. when the dialog unmounts).
 */
export function runProgress(handlers: ProgressHandlers, duration = PROGRESS_DEFAULT_MS): () => void {
  const step = duration / 100;
  let percent = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  handlers.onTick(percent);
  const next = () => {
    percent += 1;
    handlers.onTick(percent);
    timer = percent < 100 ? setTimeout(next, step) : setTimeout(handlers.onDone, PROGRESS_CLOSE_DELAY_MS);
  };
  timer = setTimeout(next, step);
  return () => clearTimeout(timer);
}
