import { describe, expect, it } from 'vitest';
import { SlidingWindow } from './rateLimit';

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
