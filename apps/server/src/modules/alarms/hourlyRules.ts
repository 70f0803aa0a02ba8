import type { RuleCondition } from '@farmpark/contracts';
import { z } from 'zod';
import type { Db } from '../../db/connect';
import { parkScope } from '../../db/scope';
import { decodeRule } from '../../rules/codec';
import type { LoadedRule } from '../../rules/engine';
import { enabledRules } from '../../rules/repo';
import type { AlarmLifecycle, KeyedAlarm } from './lifecycle';
import { openKeysOfRule } from './repo';

/**
 * What the alarm rules judged by their owner share (planting ranges and trap counts once an hour, zone flow
 * every few minutes): the rules of their kind, a park at a time, and the gate that lets the rule job's tick
 * judge them once per period of the clock.
 */

const HOUR = 3_600_000;

/** The enabled alarm rules of one condition kind, one list per park (a park's data is read once for all). */
export async function enabledAlarmRulesByPark(db: Db, kind: RuleCondition['kind']): Promise<LoadedRule[][]> {
  const byPark = new Map<string, LoadedRule[]>();
  for (const row of await enabledRules(db)) {
    if (row.owner_kind !== 'alarm') continue;
    let rule: LoadedRule;
    try {
      rule = decodeRule(row, z.unknown());
    } catch {
      continue; // an unreadable rule: the engine logs it when it loads
    }
    if (rule.condition.kind !== kind) continue;
    const park = `${rule.merchantId}:${rule.groupId}`;
    byPark.set(park, [...(byPark.get(park) ?? []), rule]);
  }
  return [...byPark.values()];
}

/**
 * For the rule job's tick (rules.onTick): runs `judge` once per period of the clock (an hour for the hourly
 * rules). A restart judges again at once, which is harmless; tests move `now` instead of waiting.
 */
export function oncePer(
  periodMs: number,
  now: () => number,
  judge: (at: number) => Promise<void>,
): () => Promise<void> {
  let judged = -1;
  return async () => {
    const at = now();
    const period = Math.floor(at / periodMs);
    if (period === judged) return;
    await judge(at);
    judged = period;
  };
}

/** For the rule job's tick: runs `judge` once per hour of the clock. */
export const onceAnHour = (now: () => number, judge: (at: number) => Promise<void>) => oncePer(HOUR, now, judge);

/**
 * One subject of an hourly rule as judged now, keyed by its open key after "<rule id>:": `raise` it (the alarm
 * as the lifecycle stores it), `clear` it, or `keep` whatever stands (not judged yet, no readings).
 */
export type KeyedJudgment =
  | { state: 'raise'; alarm: Omit<KeyedAlarm, 'rule' | 'openKey' | 'at'> }
  | { state: 'clear' | 'keep'; value: number | null };

/**
 * Brings a rule's open alarms in line with its judgments: raises those to raise (one open per key) and clears
 * the open ones judged clear or no longer judged at all (the subject is gone).
 */
export async function settleRule(
  db: Db,
  lifecycle: Pick<AlarmLifecycle, 'raiseKeyed' | 'clearKeyed'>,
  rule: LoadedRule,
  judged: ReadonlyMap<string, KeyedJudgment>,
  at: number,
): Promise<void> {
  for (const [suffix, j] of judged)
    if (j.state === 'raise') await lifecycle.raiseKeyed({ rule, openKey: `${rule.id}:${suffix}`, ...j.alarm, at });
  for (const key of await openKeysOfRule(db, parkScope(rule.merchantId, rule.groupId), rule.id)) {
    const j = judged.get(key.slice(`${rule.id}:`.length));
    if (j === undefined) await lifecycle.clearKeyed(rule, key, null, at);
    else if (j.state === 'clear') await lifecycle.clearKeyed(rule, key, j.value, at);
  }
}
