import { dayIn, type PlantingAlarmCondition } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { rowById } from '../../../db/rows';
import { parkScope } from '../../../db/scope';
import { enabledAlarmRulesByPark, type KeyedJudgment, onceAnHour, settleRule } from '../../alarms/hourlyRules';
import type { AlarmLifecycle } from '../../alarms/lifecycle';
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

  /**
   * Every growing planting's ranged parameters of one park, judged once for all the park's rules: out for at
   * least its standard's hours raises; in range clears; out not yet that long, or no readings, keeps what stands.
   */
  async function judgePark(merchantId: number, groupId: number, at: number): Promise<Map<string, KeyedJudgment>> {
    const scope = parkScope(merchantId, groupId);
    const out = new Map<string, KeyedJudgment>();
    const today = dayIn(await zoneOfPark(db, groupId, deps.tz), at);
    for (const { row: r, stage, sensors } of await growingInStage(db, scope, groupId, today)) {
      for (const range of stage.ranges) {
        const serving = servingKey(sensors, range.key);
        if (serving.length === 0) continue; // no sensor serves the key: nothing to judge, no alarm
        // counted back over a week (or the allowed hours if longer), so the alarm says how long it has been out
        const run = await outRun(db, serving, range, at, Math.max(r.allowed_hours_out, WINDOW_HOURS));
        // keyed as the alarm's open key after "rule:": one open alarm per rule, planting and parameter
        const key = `p${r.id}:${range.key}`;
        const value = run.latest;
        if (value === null || (!run.inRange && run.hoursOut < r.allowed_hours_out)) {
          out.set(key, { state: 'keep', value });
          continue;
        }
        if (run.inRange) {
          out.set(key, { state: 'clear', value });
          continue;
        }
        // the alarm is shown on the first device serving the key; its value is the mean of them all
        const device = await rowById(db, scope, 'devices', serving[0]);
        if (!device) {
          out.set(key, { state: 'keep', value });
          continue;
        }
        const condition: PlantingAlarmCondition = {
          kind: 'plantingRange',
          planting: {
            plantingId: r.id,
            cropName: r.crop_name,
            plotName: r.area_point_name ?? '',
            stageName: stage.name,
            key: range.key,
            min: range.min,
            max: range.max,
            hours: run.hoursOut,
          },
        };
        const ref = { deviceId: device.id, name: device.name, serial: device.serial };
        out.set(key, { state: 'raise', alarm: { device: ref, paramKey: range.key, condition, value } });
      }
    }
    return out;
  }

  /** Judges every park with an enabled planting rule now, whatever the hour. */
  async function judge(at = now()): Promise<void> {
    for (const rules of await enabledAlarmRulesByPark(db, 'plantingRange')) {
      const judged = await judgePark(rules[0].merchantId, rules[0].groupId, at);
      for (const rule of rules) await settleRule(db, deps.lifecycle, rule, judged, at);
    }
  }

  return {
    judge,
    /** The rule job's tick: judges once per hour of the clock. */
    hourly: onceAnHour(now, judge),
  };
}
