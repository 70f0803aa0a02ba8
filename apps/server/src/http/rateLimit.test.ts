import { describe, expect, it } from 'vitest';
import { AttemptLimiter, SlidingWindow } from './rateLimit';

describe('SlidingWindow', () => {
  it('limits after max hits inside the window and forgets hits that slide out', () => {
    const w = new SlidingWindow(3, 1000);
    w.hit('a', 0);
    w.hit('a', 100);
    expect(w.isLimited('a', 200)).toBe(false);
    w.hit('a', 200);
    expect(w.isLimited('a', 300)).toBe(true);
    expect(w.isLimited('b', 300)).toBe(false);
    // the first hit (t=0) leaves the window at t=1000
    expect(w.isLimited('a', 1000)).toBe(false);
    expect(w.count('a', 1201)).toBe(0);
  });

  it('take() refuses once the window is full and does not count refused calls', () => {
    const w = new SlidingWindow(2, 1000);
    expect([w.take('t', 0), w.take('t', 1), w.take('t', 2), w.take('t', 3)]).toEqual([true, true, false, false]);
    expect(w.count('t', 4)).toBe(2);
    expect(w.take('t', 1001)).toBe(true);
  });
});

describe('AttemptLimiter', () => {
  const policy = { freeFailures: 2, baseDelayMs: 1000, maxDelayMs: 5000, perAddress: 100, addressWindowMs: 60_000 };
  const fail = (l: AttemptLimiter, at: number) => {
    const r = l.reserve('acct', 'a', at);
    if (!r.ok) return r.retryAfterMs;
    r.settle(false, at);
    return 0;
  };

  it('counts in-flight attempts: parallel reservations beyond the free allowance are refused', () => {
    const l = new AttemptLimiter(policy);
    const got = [l.reserve('acct', 'a', 0), l.reserve('acct', 'a', 0), l.reserve('acct', 'a', 0)];
    expect(got.map((r) => r.ok)).toEqual([true, true, false]);
    expect(l.reserve('acct', 'b', 0).ok).toBe(true);
  });

  it('doubles the wait per failure past the allowance, up to the cap; a success forgives', () => {
    const l = new AttemptLimiter(policy);
    expect([fail(l, 0), fail(l, 0)]).toEqual([0, 0]);
    expect(fail(l, 500)).toBe(500); // waiting 1 s after the 2nd failure
    expect(fail(l, 1000)).toBe(0); // 3rd failure: 2 s
    expect(fail(l, 2999)).toBe(1);
    expect(fail(l, 3000)).toBe(0); // 4th: 4 s
    expect(fail(l, 7000)).toBe(0); // 5th: capped at 5 s
    expect(fail(l, 11_999)).toBe(1);
    const ok = l.reserve('acct', 'a', 12_000);
    if (!ok.ok) throw new Error('should be allowed');
    ok.settle(true, 12_000);
    expect([fail(l, 12_001), fail(l, 12_002), fail(l, 12_003)]).toEqual([0, 0, 999]);
  });

  it('forgets a pair that stayed quiet a full cap after its wait', () => {
    const l = new AttemptLimiter(policy);
    fail(l, 0);
    fail(l, 0);
    expect(l.reserve('acct', 'a', 5999).ok).toBe(true);
    const fresh = new AttemptLimiter(policy);
    fail(fresh, 0);
    fail(fresh, 0);
    // waited 1 s, then quiet 5 s more: the allowance is whole again
    expect([fail(fresh, 6000), fail(fresh, 6000)]).toEqual([0, 0]);
  });

  it('limits an address across subjects and gives a success its attempt back', () => {
    const l = new AttemptLimiter({ ...policy, perAddress: 3 });
    for (const s of ['x', 'y']) {
      const r = l.reserve(s, 'a', 0);
      if (r.ok) r.settle(false, 0);
    }
    const good = l.reserve('z', 'a', 1);
    if (!good.ok) throw new Error('should be allowed');
    good.settle(true, 1);
    const third = l.reserve('w', 'a', 2);
    if (third.ok) third.settle(false, 2);
    const refused = l.reserve('v', 'a', 10);
    expect(refused).toEqual({ ok: false, retryAfterMs: 60_000 - 10 });
  });
});
