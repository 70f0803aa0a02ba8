import { type RuleCondition, ruleCondition, type ThresholdCondition } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { breaches, evaluate, initialState, type RuleInput, type RuleState, recovered } from './evaluate';

const TZ = 'Asia/Shanghai';
const MIN = 60_000;
/** 2026-11-23 is a Monday; 10:00 in Shanghai is 02:00 UTC. */
const MON_10 = Date.UTC(2026, 10, 23, 2, 0);

const above = (value: number, forMs = 0, hysteresis = 0): ThresholdCondition =>
  ruleCondition.parse({
    kind: 'threshold',
    key: 'airTemp',
    op: 'above',
    value,
    forMs,
    hysteresis,
  }) as ThresholdCondition;

/** Feeds readings (or ticks) in order and returns the transitions with their times. */
function run(c: RuleCondition, steps: [number, RuleInput][], start: RuleState = initialState(), windows = undefined) {
  let s = start;
  const out: [number, string][] = [];
  for (const [now, input] of steps) {
    const e = evaluate(c, s, input, now, { tz: TZ, windows });
    s = e.state;
    if (e.transition !== 'none') out.push([now, e.transition]);
  }
  return { transitions: out, state: s };
}
const reading = (ts: number, value: number): [number, RuleInput] => [ts, { type: 'reading', ts, value }];
const tick = (ts: number): [number, RuleInput] => [ts, { type: 'tick' }];

describe('threshold limits', () => {
  it('holds and recovers per operator', () => {
    const b = ruleCondition.parse({
      kind: 'threshold',
      key: 'k',
      op: 'between',
      low: 10,
      high: 20,
      hysteresis: 1,
    }) as ThresholdCondition;
    const o = ruleCondition.parse({
      kind: 'threshold',
      key: 'k',
      op: 'outside',
      low: 10,
      high: 20,
      hysteresis: 1,
    }) as ThresholdCondition;
    const below = ruleCondition.parse({
      kind: 'threshold',
      key: 'k',
      op: 'below',
      value: 5,
      hysteresis: 2,
    }) as ThresholdCondition;
    expect([9.9, 10, 20, 20.1].map((v) => breaches(b, v))).toEqual([false, true, true, false]);
    expect([8.9, 9.5, 21.5].map((v) => recovered(b, v))).toEqual([true, false, true]);
    expect([9.9, 10, 20, 20.1].map((v) => breaches(o, v))).toEqual([true, false, false, true]);
    expect([10.5, 11, 19, 19.5].map((v) => recovered(o, v))).toEqual([false, true, true, false]);
    expect([4.9, 5].map((v) => breaches(below, v))).toEqual([true, false]);
    expect([6.9, 7].map((v) => recovered(below, v))).toEqual([false, true]);
  });

  it('refuses conditions that cannot work, naming the field and the rule (phrased for people by contracts)', () => {
    const bad = (x: object) => ruleCondition.safeParse(x).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(bad({ kind: 'threshold', key: 'k', op: 'above' })).toEqual(['value: required']);
    expect(bad({ kind: 'threshold', key: 'k', op: 'between', low: 5, high: 5 })).toEqual(['high: lowAboveHigh']);
    expect(bad({ kind: 'offline', forMs: 1000 })?.[0]).toMatch(/^forMs: /);
    expect(bad({ kind: 'threshold', key: 'k', op: 'outside', low: 0, high: 4, hysteresis: 2 })?.[0]).toMatch(
      /^hysteresis/,
    );
  });
});

describe('duration', () => {
  it('fires only after the condition held for forMs without a break', () => {
    const c = above(30, 5 * MIN);
    const t = MON_10;
    const { transitions } = run(c, [
      reading(t, 31),
      reading(t + 2 * MIN, 32),
      reading(t + 3 * MIN, 29), // break: the clock restarts
      reading(t + 4 * MIN, 31),
      tick(t + 8 * MIN),
      tick(t + 9 * MIN),
      reading(t + 9.5 * MIN, 33),
    ]);
    expect(transitions).toEqual([[t + 9 * MIN, 'fire']]);
  });

  it('fires on a timer tick when no new reading comes (durations do not wait for data)', () => {
    const { transitions } = run(above(30, MIN), [reading(MON_10, 31), tick(MON_10 + 30_000), tick(MON_10 + MIN)]);
    expect(transitions).toEqual([[MON_10 + MIN, 'fire']]);
  });

  it('fires at once without a duration, and only once while active', () => {
    const { transitions } = run(above(30), [reading(MON_10, 31), reading(MON_10 + 1, 35), tick(MON_10 + MIN)]);
    expect(transitions).toEqual([[MON_10, 'fire']]);
  });

  it('ignores readings older than the last one', () => {
    const { transitions } = run(above(30), [
      reading(MON_10, 20),
      [MON_10 + 5, { type: 'reading', ts: MON_10 - 1000, value: 40 }],
    ]);
    expect(transitions).toEqual([]);
  });
});

describe('hysteresis', () => {
  it('clears only when the value is back below the limit by the margin, so it does not flap', () => {
    const c = above(30, 0, 2);
    const t = MON_10;
    const { transitions } = run(c, [
      reading(t, 31),
      reading(t + 1, 29.5),
      reading(t + 2, 30.5),
      reading(t + 3, 28.5),
      reading(t + 4, 28),
      reading(t + 5, 29),
      reading(t + 6, 31),
    ]);
    expect(transitions).toEqual([
      [t, 'fire'],
      [t + 4, 'clear'],
      [t + 6, 'fire'],
    ]);
  });

  it('property: random walks never fire twice without a clear, never fire early, never clear unrecovered', () => {
    let seed = 42;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    for (let trial = 0; trial < 200; trial++) {
      const c = above(30, Math.floor(rnd() * 5) * MIN, Math.floor(rnd() * 4));
      let s = initialState();
      let v = 25 + rnd() * 10;
      let heldSince: number | null = null;
      for (let i = 0; i < 300; i++) {
        const now = MON_10 + i * 30_000;
        v += (rnd() - 0.5) * 3;
        const input: RuleInput = rnd() < 0.8 ? { type: 'reading', ts: now, value: v } : { type: 'tick' };
        const wasActive = s.active;
        const e = evaluate(c, s, input, now, { tz: TZ });
        const current = e.state.lastValue as number;
        if (!wasActive) heldSince = current > 30 ? (heldSince ?? now) : null;
        if (e.transition === 'fire') {
          expect(wasActive).toBe(false);
          expect(now - (heldSince as number)).toBeGreaterThanOrEqual(c.forMs);
        }
        if (e.transition === 'clear') {
          expect(wasActive).toBe(true);
          expect(current).toBeLessThanOrEqual(30 - c.hysteresis);
        }
        if (e.transition === 'none') expect(e.state.active).toBe(wasActive);
        if (e.transition === 'clear') heldSince = null;
        s = e.state;
      }
    }
  });
});

describe('offline', () => {
  const c = ruleCondition.parse({ kind: 'offline', forMs: 10 * MIN });
  const seen = (now: number, lastSeenAt: number | null): [number, RuleInput] => [now, { type: 'seen', lastSeenAt }];

  it('fires N minutes after the last message and clears when the device is heard again', () => {
    const t = MON_10;
    const { transitions } = run(c, [
      seen(t, t),
      seen(t + 5 * MIN, t + 4 * MIN),
      seen(t + 13 * MIN, t + 4 * MIN),
      seen(t + 14 * MIN, t + 4 * MIN),
      seen(t + 15 * MIN, t + 4 * MIN),
      seen(t + 20 * MIN, t + 19 * MIN),
    ]);
    expect(transitions).toEqual([
      [t + 14 * MIN, 'fire'],
      [t + 20 * MIN, 'clear'],
    ]);
  });

  it('counts a device never heard from as silent since the rule first looked', () => {
    const { transitions } = run(c, [seen(MON_10, null), seen(MON_10 + 9 * MIN, null), seen(MON_10 + 10 * MIN, null)]);
    expect(transitions).toEqual([[MON_10 + 10 * MIN, 'fire']]);
  });
});

describe('time windows', () => {
  it('fires only inside a window; the duration keeps counting outside it', () => {
    const windows = [{ start: '10:30', end: '11:00' }];
    const { transitions } = run(
      above(30, 5 * MIN),
      [reading(MON_10, 31), tick(MON_10 + 10 * MIN), tick(MON_10 + 30 * MIN), tick(MON_10 + 31 * MIN)],
      initialState(),
      windows as never,
    );
    expect(transitions).toEqual([[MON_10 + 30 * MIN, 'fire']]);
  });

  it('a window crossing midnight belongs to the day it opens on', () => {
    const windows = [{ start: '22:00', end: '06:00', days: [7] }]; // Sunday night
    const c = above(30);
    const at = (dayOffset: number, hourShanghai: number) => Date.UTC(2026, 10, 23 + dayOffset, hourShanghai - 8, 0);
    const fires = (ts: number) => run(c, [reading(ts, 31)], initialState(), windows as never).transitions.length === 1;
    expect(fires(at(-1, 23))).toBe(true); // Sunday 23:00
    expect(fires(at(0, 3))).toBe(true); // Monday 03:00, still Sunday's night
    expect(fires(at(0, 23))).toBe(false); // Monday 23:00
    expect(fires(at(1, 3))).toBe(false); // Tuesday 03:00
    expect(fires(at(-1, 12))).toBe(false); // Sunday noon
  });
});

describe('restart in the middle', () => {
  it('a state saved mid-duration and restored continues to the same firing time', () => {
    const c = above(30, 5 * MIN);
    const first = run(c, [reading(MON_10, 31), reading(MON_10 + 2 * MIN, 32)]);
    // what the engine writes to rule_state and reads back after a restart (JSON round trip)
    const restored = JSON.parse(JSON.stringify(first.state)) as RuleState;
    const after = run(c, [tick(MON_10 + 4 * MIN), tick(MON_10 + 5 * MIN)], restored);
    expect(after.transitions).toEqual([[MON_10 + 5 * MIN, 'fire']]);
  });
});
