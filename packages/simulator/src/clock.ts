/**
 * The simulated world's clock: it runs with the wall clock, and a test can move it forward so the weather,
 * the soil and the crops move on at once instead of in real time (a soil probe that dries 0.7 % a minute
 * needs no five-minute wait). Readings keep the wall clock's timestamps: only the physics runs ahead, so
 * nothing the server stores lands in its future.
 */
export class SimClock {
  private aheadMs = 0;

  /** The simulated time now (ms since the epoch). */
  readonly now = (): number => Date.now() + this.aheadMs;

  /** Moves the simulated world `ms` forward (never back: physics only runs forward). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the simulated clock only moves forward');
    this.aheadMs += ms;
  }

  /** How far the simulated world is ahead of the wall clock. */
  get ahead(): number {
    return this.aheadMs;
  }
}
