import { PEST_KIND_CLASS, PEST_KINDS, type PestKind, type TrapAlarmCondition } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { parkScope } from '../../db/scope';
import type { LoadedRule } from '../../rules/engine';
import { enabledAlarmRulesByPark, type KeyedJudgment, onceAnHour, settleRule } from '../alarms/hourlyRules';
import type { AlarmLifecycle } from '../alarms/lifecycle';
import { allCategories } from './categories';
import * as repo from './repo';

const HOUR = 3_600_000;

export interface TrapAlarmDeps {
  db: Db;
  lifecycle: Pick<AlarmLifecycle, 'raiseKeyed' | 'clearKeyed'>;
  now?: () => number;
}

/** The kind of pest a device class catches (insect traps insects, spore traps spores); none for other classes. */
export const trapKind = (deviceClass: string | null | undefined): PestKind | undefined =>
  PEST_KINDS.find((k) => PEST_KIND_CLASS[k] === deviceClass);

/** The merchant's category of this id whose kind the trap class catches, if there is one. */
export async function trapCategory(db: Db, merchantId: number, deviceClass: string | null, categoryId: number) {
  const kind = trapKind(deviceClass);
  if (!kind) return undefined;
  return (await allCategories(db, merchantId, kind)).find((c) => c.categoryId === categoryId);
}

/**
 * Alarm rules of condition `trapCount` (issue 27, point 3): the detections of a category, after the staff's
 * corrections, on a trap's pictures of the last `windowHours` at or above the rule's threshold raise an alarm
 * of the rule (one open per rule, trap and category; the rule says severity, contacts, channels, quiet hours and
 * repeats); under it again clears it. Judged once an hour on the rule job's tick, like the planting ranges, so
 * a correction shows at the next hour and tests move `now` instead of waiting.
 */
export function createTrapAlarms(deps: TrapAlarmDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function applyRule(rule: LoadedRule, at: number): Promise<void> {
    const c = rule.condition;
    if (c.kind !== 'trapCount') return;
    const scope = parkScope(rule.merchantId, rule.groupId);
    // the merchant's own category (checked when the rule was saved; it may have been removed since)
    const category = await repo.findCategory(db, rule.merchantId, c.categoryId);
    const traps = category
      ? (await repo.ruleTraps(db, scope, rule.groupId, rule)).filter((t) => trapKind(t.device_class) === category.kind)
      : [];
    const counts = new Map(
      (
        await repo.categoryCountsByTrap(
          db,
          traps.map((t) => t.id),
          c.categoryId,
          at - c.windowHours * HOUR,
          at,
        )
      ).map((r) => [r.device_id, Number(r.n)]),
    );
    // keyed as the alarm's open key after "rule:": one open alarm per rule, trap and category; a trap no longer
    // the rule's (or a category removed) is not judged, so its open alarm clears
    const judged = new Map<string, KeyedJudgment>();
    for (const t of traps) {
      const count = counts.get(t.id) ?? 0;
      const suffix = `t${t.id}:c${c.categoryId}`;
      if (count < c.threshold) {
        judged.set(suffix, { state: 'clear', value: count });
        continue;
      }
      const condition: TrapAlarmCondition = {
        ...c,
        trap: { categoryName: category?.name ?? '', count, threshold: c.threshold, windowHours: c.windowHours },
      };
      const device = { deviceId: t.id, name: t.name, serial: t.serial };
      judged.set(suffix, { state: 'raise', alarm: { device, paramKey: '', condition, value: count } });
    }
    await settleRule(db, deps.lifecycle, rule, judged, at);
  }

  /** Judges every enabled trap count rule now, whatever the hour. */
  async function judge(at = now()): Promise<void> {
    for (const rules of await enabledAlarmRulesByPark(db, 'trapCount'))
      for (const rule of rules) await applyRule(rule, at);
  }

  return {
    judge,
    /** The rule job's tick: judges once per hour of the clock. */
    hourly: onceAnHour(now, judge),
  };
}
