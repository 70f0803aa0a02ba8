import { isOwnerJudged, type RuleCondition, type ThresholdCondition, type TimeWindow } from '@farmpark/contracts';
import { inAnyWindow } from './windows';

/** What the evaluator remembers per (rule, device); persisted in `rule_state` so a restart continues. */
export interface RuleState {
  /** Since when the condition has held without a break (null: it does not hold). */
  pendingSince: number | null;
  active: boolean;
  /** Last value seen (threshold) or last time the device was heard from (offline). */
  lastValue: number | null;
  lastTs: number | null;
}

export const initialState = (): RuleState => ({ pendingSince: null, active: false, lastValue: null, lastTs: null });

/**
 * What is new: a reading of the rule's parameter, the device's last-seen time (offline rules), or
 * nothing (a timer tick: only time moved on).
 */
export type RuleInput =
  | { type: 'reading'; ts: number; value: number }
  | { type: 'seen'; lastSeenAt: number | null }
  | { type: 'tick' };

export type Transition = 'none' | 'fire' | 'clear';

export interface Evaluation {
  state: RuleState;
  transition: Transition;
}

export interface EvaluateOptions {
  /** When the rule may fire; absent or empty: always. */
  windows?: readonly TimeWindow[];
  tz: string;
}

/** Whether a value breaks the limits (the rule's condition holds). */
export function breaches(c: ThresholdCondition, v: number): boolean {
  switch (c.op) {
    case 'above':
      return v > (c.value as number);
    case 'below':
      return v < (c.value as number);
    case 'between':
      return v >= (c.low as number) && v <= (c.high as number);
    case 'outside':
      return v < (c.low as number) || v > (c.high as number);
  }
}

/** Whether a value is back to normal by the hysteresis margin (an active rule clears). */
export function recovered(c: ThresholdCondition, v: number): boolean {
  const h = c.hysteresis;
  switch (c.op) {
    case 'above':
      return v <= (c.value as number) - h;
    case 'below':
      return v >= (c.value as number) + h;
    case 'between':
      return v < (c.low as number) - h || v > (c.high as number) + h;
    case 'outside':
      return v >= (c.low as number) + h && v <= (c.high as number) - h;
  }
}

function evaluateThreshold(
  c: ThresholdCondition,
  s: RuleState,
  input: RuleInput,
  now: number,
  mayFire: boolean,
): Evaluation {
  let state = s;
  if (input.type === 'reading') {
    // Out-of-order readings (a device replaying its buffer) must not rewrite the present.
    if (s.lastTs !== null && input.ts < s.lastTs) return { state: s, transition: 'none' };
    state = { ...s, lastValue: input.value, lastTs: input.ts };
  } else if (input.type !== 'tick') {
    return { state: s, transition: 'none' };
  }
  const v = state.lastValue;
  if (v === null) return { state, transition: 'none' };

  if (state.active) {
    if (recovered(c, v)) return { state: { ...state, active: false, pendingSince: null }, transition: 'clear' };
    return { state, transition: 'none' };
  }
  if (!breaches(c, v))
    return { state: state.pendingSince === null ? state : { ...state, pendingSince: null }, transition: 'none' };
  // a device clock slightly ahead must not postpone the alarm: the duration never starts in the future
  const since = state.pendingSince ?? (input.type === 'reading' ? Math.min(input.ts, now) : now);
  const pending = { ...state, pendingSince: since };
  if (mayFire && now - since >= c.forMs) return { state: { ...pending, active: true }, transition: 'fire' };
  return { state: pending, transition: 'none' };
}

function evaluateOffline(forMs: number, s: RuleState, input: RuleInput, now: number, mayFire: boolean): Evaluation {
  let state = s;
  if (input.type === 'seen') {
    // A device never heard from is silent since the rule first looked at it.
    const seen = input.lastSeenAt ?? s.lastTs ?? now;
    state = { ...s, lastTs: seen };
  } else if (input.type !== 'tick') {
    return { state: s, transition: 'none' };
  }
  if (state.lastTs === null) return { state, transition: 'none' };
  const silentFor = now - state.lastTs;
  const holds = silentFor >= forMs;
  if (state.active) {
    if (!holds) return { state: { ...state, active: false, pendingSince: null }, transition: 'clear' };
    return { state, transition: 'none' };
  }
  const pending = { ...state, pendingSince: state.lastTs };
  if (holds && mayFire) return { state: { ...pending, active: true }, transition: 'fire' };
  return { state: pending, transition: 'none' };
}

/**
 * The one condition evaluator: pure, so the engine, the 7-day preview and the tests share it.
 * Fires once when the condition has held for its duration inside a time window; clears when it no
 * longer holds (thresholds: back past the limit by the hysteresis). Windows gate firing only: an
 * active rule clears on its value whatever the time.
 */
export function evaluate(
  condition: RuleCondition,
  state: RuleState,
  input: RuleInput,
  now: number,
  opts: EvaluateOptions,
): Evaluation {
  // planting, trap count and flow rules are judged by their owners (OWNER_JUDGED_KINDS), never here
  if (isOwnerJudged(condition)) return { state, transition: 'none' };
  const mayFire = inAnyWindow(opts.windows, now, opts.tz);
  return condition.kind === 'threshold'
    ? evaluateThreshold(condition, state, input, now, mayFire)
    : evaluateOffline(condition.forMs, state, input, now, mayFire);
}

/** When the evaluator would next change its mind without new input (for the preview's virtual ticks). */
export function dueAt(condition: RuleCondition, state: RuleState): number | null {
  if (state.active) return null;
  if (condition.kind === 'threshold') return state.pendingSince === null ? null : state.pendingSince + condition.forMs;
  if (isOwnerJudged(condition)) return null;
  return state.lastTs === null ? null : state.lastTs + condition.forMs;
}
