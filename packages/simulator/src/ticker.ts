/**
 * One timer for many devices: each member is due every `intervalMs` from its own phase, and a single
 * setInterval checks who is due. Hundreds of devices then cost one timer, not hundreds.
 */
export interface TickMember {
  intervalMs: number;
  nextAt: number;
  tick(): void;
}

export class Ticker {
  private readonly members = new Set<TickMember>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly resolutionMs: number) {}

  add(m: TickMember): void {
    this.members.add(m);
    if (!this.timer) {
      this.timer = setInterval(() => this.run(), this.resolutionMs);
      this.timer.unref?.();
    }
  }

  remove(m: TickMember): void {
    this.members.delete(m);
    if (this.members.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  get size(): number {
    return this.members.size;
  }

  private run(): void {
    const now = Date.now();
    for (const m of this.members) {
      if (m.nextAt > now) continue;
      // Skip missed slots instead of bursting to catch up after a stall.
      m.nextAt += Math.max(1, Math.ceil((now - m.nextAt + 1) / m.intervalMs)) * m.intervalMs;
      m.tick();
    }
  }
}

/** A resolution fine enough for the interval without waking up more than needed. */
export function resolutionFor(intervalMs: number): number {
  return Math.max(20, Math.min(1000, Math.floor(intervalMs / 4)));
}
