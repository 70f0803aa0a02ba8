/**
 * In-memory sliding-window counter: remembers when each hit happened and counts those inside the
 * window. Per process; a multi-process deployment would move this to a shared store.
 */
export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  count(key: string, now = Date.now()): number {
    const list = this.hits.get(key);
    if (!list) return 0;
    const fresh = list.filter((t) => t > now - this.windowMs);
    if (fresh.length === 0) this.hits.delete(key);
    else if (fresh.length !== list.length) this.hits.set(key, fresh);
    return fresh.length;
  }

  isLimited(key: string, now = Date.now()): boolean {
    return this.count(key, now) >= this.max;
  }

  hit(key: string, now = Date.now()): void {
    this.sweep(now);
    const list = this.hits.get(key) ?? [];
    list.push(now);
    // Only the newest `max` hits can matter for the decision; older ones would only cost memory.
    if (list.length > this.max) list.splice(0, list.length - this.max);
    this.hits.set(key, list);
  }

  /** Hit and report whether the key is now over the limit (used for per-call limits). */
  take(key: string, now = Date.now()): boolean {
    if (this.isLimited(key, now)) return false;
    this.hit(key, now);
    return true;
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  /** Drops idle keys now and then so the map does not grow with every address ever seen. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, list] of this.hits) {
      if (list[list.length - 1] <= now - this.windowMs) this.hits.delete(key);
    }
  }
}
