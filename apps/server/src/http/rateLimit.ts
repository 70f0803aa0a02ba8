import { Code, codeMessage } from '@farmpark/contracts';
import type { FastifyReply } from 'fastify';
import { ApiError } from './apiError';

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

  /** How long until the key is under its limit again (0 when it is now). */
  retryAfter(key: string, now = Date.now()): number {
    if (!this.isLimited(key, now)) return 0;
    const list = this.hits.get(key) ?? [];
    return list[list.length - this.max] + this.windowMs - now;
  }

  /** Takes back one hit made at `at` (an attempt that turned out not to count). */
  release(key: string, at: number): void {
    const list = this.hits.get(key);
    const i = list?.lastIndexOf(at) ?? -1;
    if (list && i >= 0) list.splice(i, 1);
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

/** How an AttemptLimiter answers: a ticket to settle once the secret was checked, or how long to wait. */
export type Reservation =
  | { ok: true; settle(success: boolean, now?: number): void }
  | { ok: false; retryAfterMs: number; inFlight?: true };

/** How long an attempt waits for the checks of its pair still running, and how many may wait at once. */
const IN_FLIGHT_WAIT_MS = 10_000;
const IN_FLIGHT_WAITERS = 32;

export interface AttemptPolicy {
  /** Consecutive failures of one (subject, address) pair that cost no wait. */
  freeFailures: number;
  /** Wait after the last free failure; it doubles with each further failure... */
  baseDelayMs: number;
  /** ...up to this cap. A pair quiet for this long after its wait starts over. */
  maxDelayMs: number;
  /** Attempts one address may make on any subjects within the window (a success gives its attempt back). */
  perAddress: number;
  addressWindowMs: number;
}

interface PairState {
  failures: number;
  pending: number;
  blockedUntil: number;
  lastAt: number;
}

/**
 * Guards a costly secret check (scrypt) against guessing, as OWASP advises: a progressive delay per
 * (subject, address) pair that a success resets, and a wider window per address. The subject itself is
 * never locked, so guesses from one address do not keep the owner out from another. An attempt is
 * reserved synchronously before the check and counts as a failure until it settles, so N parallel
 * requests see N reservations and at most the free allowance reaches the check.
 */
export class AttemptLimiter {
  private readonly pairs = new Map<string, PairState>();
  /** Attempts waiting for their pair's running checks to settle (acquire). */
  private readonly waiting = new Map<string, (() => void)[]>();
  private readonly byAddress: SlidingWindow;
  private lastSweep = 0;

  constructor(readonly policy: AttemptPolicy) {
    this.byAddress = new SlidingWindow(policy.perAddress, policy.addressWindowMs);
  }

  /** The wait that follows the n-th consecutive failure (0 while inside the free allowance). */
  delayAfter(failures: number): number {
    const { freeFailures, baseDelayMs, maxDelayMs } = this.policy;
    if (failures < freeFailures) return 0;
    return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(failures - freeFailures, 30));
  }

  reserve(subject: string, address: string, now = Date.now()): Reservation {
    this.sweep(now);
    const key = `${subject}\n${address}`;
    const known = this.pairs.get(key);
    const pair = known && !this.stale(known, now) ? known : { failures: 0, pending: 0, blockedUntil: 0, lastAt: now };
    if (pair.blockedUntil > now) return { ok: false, retryAfterMs: pair.blockedUntil - now };
    // Past the free allowance a pair gets one attempt per wait; in-flight attempts use the allowance up.
    const allowance = Math.max(1, this.policy.freeFailures - pair.failures);
    if (pair.pending >= allowance) {
      return { ok: false, retryAfterMs: Math.max(1000, this.delayAfter(pair.failures + pair.pending)), inFlight: true };
    }
    const addressWait = this.byAddress.retryAfter(address, now);
    if (addressWait > 0) return { ok: false, retryAfterMs: addressWait };

    pair.pending++;
    pair.lastAt = now;
    this.pairs.set(key, pair);
    this.byAddress.hit(address, now);
    let settled = false;
    return {
      ok: true,
      settle: (success, at = Date.now()) => {
        if (settled) return;
        settled = true;
        pair.pending--;
        const waiters = this.waiting.get(key);
        this.waiting.delete(key);
        // after this function: the pair's state is settled when the waiters look again
        if (waiters)
          queueMicrotask(() => {
            for (const wake of waiters) wake();
          });
        if (success) {
          this.byAddress.release(address, now);
          // a success forgives the pair's failures (unless parallel attempts of it are still running)
          if (pair.pending === 0) this.pairs.delete(key);
          else pair.failures = 0;
          return;
        }
        pair.failures++;
        pair.lastAt = at;
        pair.blockedUntil = Math.max(pair.blockedUntil, at + this.delayAfter(pair.failures));
      },
    };
  }

  /**
   * `reserve`, except that an attempt refused only because its pair's allowance is taken by checks still
   * running waits for them to settle and asks again. Limits count failures, not sign-ins: ten screens
   * signing in to one account at once from one address all get in, while parallel wrong guesses still meet
   * the wait after the free allowance (the waiters then find the pair blocked).
   */
  async acquire(subject: string, address: string): Promise<Reservation> {
    const key = `${subject}\n${address}`;
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
    for (;;) {
      const r = this.reserve(subject, address);
      const queue = this.waiting.get(key) ?? [];
      if (r.ok || !r.inFlight || Date.now() >= deadline || queue.length >= IN_FLIGHT_WAITERS) return r;
      await new Promise<void>((resolve) => {
        queue.push(resolve);
        this.waiting.set(key, queue);
        setTimeout(resolve, deadline - Date.now()).unref();
      });
    }
  }

  /** A pair quiet for a full cap after its wait starts over. */
  private stale(p: PairState, now: number): boolean {
    return p.pending === 0 && Math.max(p.blockedUntil, p.lastAt) + this.policy.maxDelayMs <= now;
  }

  /** Forgets stale pairs now and then, so the map does not keep every pair ever seen. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, p] of this.pairs) if (this.stale(p, now)) this.pairs.delete(key);
  }
}

/** 1604 with how long to wait: the SPEC message, then the wait in the caller's language. */
export class RateLimitedError extends ApiError {
  readonly retryAfterMs: number;
  constructor(retryAfterMs: number) {
    const s = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super(Code.RATE_LIMITED, {
      zh: `${codeMessage(Code.RATE_LIMITED, 'zh')}（请 ${s} 秒后再试）`,
      en: `${codeMessage(Code.RATE_LIMITED, 'en')} (try again in ${s} s)`,
    });
    this.retryAfterMs = retryAfterMs;
  }
}

/** Also states the wait of a refused attempt as a Retry-After header (RFC 9110), for clients that read it. */
export async function withRetryAfter<T>(reply: FastifyReply, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof RateLimitedError)
      reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfterMs / 1000))));
    throw err;
  }
}
