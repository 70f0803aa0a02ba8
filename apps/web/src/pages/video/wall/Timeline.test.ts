import { describe, expect, it } from 'vitest';
import { playerSeconds, wallClock } from './Timeline';

describe("the timeline's clock", () => {
  // two recorded spans with a gap of an hour between them; the playlist holds them back to back
  const spans = [
    { from: 1_000_000, to: 1_060_000 },
    { from: 4_660_000, to: 4_720_000 },
  ];

  it('a moment in the second span is the first span and the part of the second before it', () => {
    expect(playerSeconds(spans, 1_030_000)).toBe(30);
    expect(playerSeconds(spans, 4_670_000)).toBe(70);
    expect(playerSeconds(spans, 3_000_000)).toBe(60); // in the gap: the start of the next span
  });

  it("turns the player's seconds back into the wall clock, across the gap", () => {
    expect(wallClock(spans, 30)).toBe(1_030_000);
    expect(wallClock(spans, 70)).toBe(4_670_000);
    expect(wallClock(spans, 500)).toBe(4_720_000);
    expect(wallClock([], 5)).toBeNull();
  });
});
