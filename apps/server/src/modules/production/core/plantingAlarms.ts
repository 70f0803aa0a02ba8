import { dayIn, type PlantingAlarmCondition } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { rowById } from '../../../db/rows';
import { parkScope } from '../../../db/scope';
import type { LoadedRule } from '../../../rules/engine';
import { enabledAlarmRulesByPark, onceAnHour } from '../../alarms/hourlyRules';
import type { AlarmLifecycle } from '../../alarms/lifecycle';
import { openKeysOfRule } from '../../alarms/repo';
import { zoneOfPark } from '../../parks/repo';
import { outRun, WINDOW_HOURS } from './monitoring';
import { growingInStage } from './plantings';
import { servingKey } from './plotSensors';

export interface PlantingAlarmDeps {
  db: Db;
  lifecycle: Pick<AlarmLifecycle, 'raiseKeyed' | 'clearKeyed'>;
  tz: string;
  now?: () => number;
}

/** What one parameter of one growing planting is judged to be now. */
interface Judgment {
  /** out: out for at least its standard's hours; short: out, not yet that long; in: in range; unknown: no readings. */
  state: 'out' | 'short' | 'in' | 'unknown';
  deviceId: number;
  value: number | null;
  condition: PlantingAlarmCondition;
}

/**
 * Alarm rules of condition `plantingRange` (issue 24, point 8): a growing planting whose parameter stayed out
 * of its current stage's ideal range, on its plot's sensors, for the hours its crop's standard allows raises an
 * alarm of each such rule of its park (the rule says severity, contacts, channels, quiet hours and repeats);
 * back in range clears it. Judged from the hourly rollups once an hour, one pass per park, on the rule job's
 * tick (rules.onTick), so it needs no timer of its own and tests move `now` instead of waiting.
 */
export function createPlantingAlarms(deps: PlantingAlarmDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /** Every growing planting's ranged parameters of one park, judged once for all the park's rules. */
  async function judgePark(merchantId: number, groupId: number, at: number): Promise<Map<string, Judgment>> {
    const scope = parkScope(merchantId, groupId);
    const out = new Map<string, Judgment>();
    const today = dayIn(await zoneOfPark(db, groupId, deps.tz), at);
    for (const { row: r, stage, sensors } of await growingInStage(db, scope, groupId, today)) {
      for (const range of stage.ranges) {
        const serving = servingKey(sensors, range.key);
        if (serving.length === 0) continue; // no sensor serves the key: nothing to judge, no alarm
        // counted back over a week (or the allowed hours if longer), so the alarm says how long it has been out
        const run = await outRun(db, serving, range, at, Math.max(r.allowed_hours_out, WINDOW_HOURS));
        const state =
          run.latest === null ? 'unknown' : run.inRange ? 'in' : run.hoursOut >= r.allowed_hours_out ? 'out' : 'short';
        // keyed as the alarm's open key after "rule:": one open alarm per rule, planting and parameter
        out.set(`p${r.id}:${range.key}`, {
          state,
          // the alarm is shown on the first device serving the key; its value is the mean of them all
          deviceId: serving[0],
          value: run.latest,
          condition: {
            kind: 'plantingRange',
            planting: {
              plantingId: r.id,
              cropName: r.crop_name,
              plotName: r.area_point_name ?? '',
              stageName: stage.name,
              key: range.key,
              min: range.min,
              max: range.max,
              hours: run.latest === null ? 0 : run.hoursOut,
            },
          },
        });
      }
    }
    return out;
  }

  async function applyRule(rule: LoadedRule, judged: Map<string, Judgment>, at: number): Promise<void> {
    const scope = parkScope(rule.merchantId, rule.groupId);
    for (const [suffix, j] of judged) {
      if (j.state !== 'out') continue;
      const device = await rowById(db, scope, 'devices', j.deviceId);
      if (!device) continue;
      await deps.lifecycle.raiseKeyed({
        rule,
        openKey: `${rule.id}:${suffix}`,
        device: { deviceId: device.id, name: device.name, serial: device.serial },
        paramKey: j.condition.planting?.key ?? '',
        condition: j.condition,
        value: j.value,
        at,
      });
    }
    // back in range, or no longer a growing planting with that range: cleared; no readings: left as it is
    for (const key of await openKeysOfRule(db, scope, rule.id)) {
      const j = judged.get(key.slice(`${rule.id}:`.length));
      if (j === undefined || j.state === 'in') await deps.lifecycle.clearKeyed(rule, key, j?.value ?? null, at);
    }
  }

  /** Judges every park with an enabled planting rule now, whatever the hour. */
  async function judge(at = now()): Promise<void> {
    for (const rules of await enabledAlarmRulesByPark(db, 'plantingRange')) {
      const judged = await judgePark(rules[0].merchantId, rules[0].groupId, at);
      for (const rule of rules) await applyRule(rule, judged, at);
    }
  }

  return {
    judge,
    /** The rule job's tick: judges once per hour of the clock. */
    hourly: onceAnHour(now, judge),
  };
}
