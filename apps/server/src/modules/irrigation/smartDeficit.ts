import {
  ACTIVE_RUN_STATES,
  type DecisionFacts,
  type DecisionReason,
  IRRIGATION_LIMITS,
  type RunState,
  SMART_SENSOR_STALE_MIN,
  thresholdCondition,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { decodeRule } from '../../rules/store';
import { inAnyWindow } from '../../rules/windows';
import type { DecisionLog } from './decisionLog';
import * as repo from './repo';
import type { StartingRule, StartPlan } from './smartHandler';
import { type SmartConfig, smartConfig } from './smartRule';
import { zoneDeficitNow } from './waterBalance';
import { enabledSmartRules, pressureSince } from './waterBalanceRepo';

/** How often the rule job's tick judges the deficit rules (the deficit moves with a day's end, rain and runs). */
export const DEFICIT_CHECK_MS = 5 * 60_000;
/**
 * Rain is due when the station's air pressure fell by this much in `hours`: the UK Met Office's pressure
 * tendency "falling quickly" (3.6 to 6.0 hPa in three hours; "very rapidly" beyond). Needs readings over at
 * least `spanHours` of the window and one in the last half hour; without them nothing is judged.
 */
export const RAIN_DUE = { fallHpa: 3.6, hours: 3, spanHours: 2.5 } as const;

const r2 = (v: number) => Math.round(v * 100) / 100;

/** m³ that brings the root zone back to field capacity: deficit × area / efficiency, up to the meter's 0.1 m³. */
export function deficitVolumeM3(deficitMm: number, areaM2: number, efficiency: number): number {
  const m3 = ((deficitMm / 1000) * areaM2) / efficiency;
  return Math.max(IRRIGATION_LIMITS.run.volumeM3.min, Math.ceil(Math.round(m3 * 1e6) / 1e5) / 10);
}

export interface DeficitJudgeDeps {
  db: Db;
  decisions: DecisionLog;
  startRun: (rule: StartingRule, cfg: SmartConfig, at: number, plan: StartPlan) => Promise<unknown>;
  tz: string;
  now?: () => number;
}

/**
 * Smart rules of mode deficit (issue 26, point 3), judged on the rule job's tick: when the zone's deficit
 * (waterBalance.ts) passes the rule's limit, it skips outside its windows, while the soil is wet, after rain
 * and when rain is due; else it starts a run of the volume that refills the root zone through the same start
 * as a moisture rule (soak, daily caps, busy machine, pump protection), each decision logged with its numbers.
 */
export function createDeficitJudge(deps: DeficitJudgeDeps) {
  const { db, decisions } = deps;
  const now = deps.now ?? Date.now;
  let lastAt = 0;

  /** How far the station's pressure fell over the last hours (null: not enough readings to say). */
  async function pressureFall(rule: StartingRule, at: number): Promise<number | null> {
    const scope = { merchantId: rule.merchantId, groupIds: [rule.groupId] };
    const rows = await pressureSince(db, scope, rule.groupId, at - RAIN_DUE.hours * 3_600_000);
    const first = rows[0];
    const last = rows.at(-1);
    if (!first || !last || last.ts < at - 30 * 60_000 || first.ts > at - RAIN_DUE.spanHours * 3_600_000) return null;
    return r2(first.value - last.value);
  }

  async function judge(
    rule: StartingRule & { deviceId: number | null },
    cfg: SmartConfig,
    limitMm: number,
    at: number,
  ) {
    const deficitCfg = cfg.deficit;
    if (!deficitCfg) return;
    const last = await repo.lastRunOfRule(db, rule.id);
    if (last && ACTIVE_RUN_STATES.includes(last.state as RunState)) return;
    const zoneNo = cfg.zones[0];
    const { balance, today } = await zoneDeficitNow(db, rule, { deviceId: cfg.machineId, zoneNo }, deps.tz, at);
    // no planting with a Kc, or no area: there is no deficit to water by (the balance page says which)
    if (!today || today.deficitMm === null || balance.areaM2 === null) return;
    if (today.deficitMm <= limitMm) return;
    const volumeM3 = deficitVolumeM3(today.deficitMm, balance.areaM2, balance.efficiency);
    const facts: DecisionFacts = {
      deficitMm: today.deficitMm,
      deficitLimitMm: limitMm,
      areaM2: balance.areaM2,
      efficiency: balance.efficiency,
      volumeM3,
      zones: cfg.zones,
    };
    const reading = rule.deviceId === null ? undefined : (await repo.latest(db, rule.deviceId)).get(deficitCfg.wetKey);
    const moisture = reading && at - reading.ts <= SMART_SENSOR_STALE_MIN * 60_000 ? reading.value : null;
    let rain: number | null = null;
    const skip = (reason: DecisionReason, more: DecisionFacts) =>
      decisions.write(
        rule,
        { action: 'skipped', reason, moisture, rainMm: rain },
        { at, facts: { ...facts, ...more } },
      );
    if (!inAnyWindow(cfg.windows, at, deps.tz)) {
      return skip('outsideWindow', { windows: cfg.windows.map((w) => `${w.start}-${w.end}`) });
    }
    if (moisture !== null && moisture >= deficitCfg.wetAbove) return skip('soilWet', { wetAbove: deficitCfg.wetAbove });
    if (cfg.rainMm > 0) {
      rain = await repo.rainSince(db, rule.merchantId, rule.groupId, at - cfg.rainHours * 3_600_000);
      if (rain !== null && rain > cfg.rainMm)
        return skip('raining', { rainLimitMm: cfg.rainMm, rainHours: cfg.rainHours });
    }
    const fall = await pressureFall(rule, at);
    if (fall !== null && fall >= RAIN_DUE.fallHpa) {
      return skip('rainDue', {
        pressureFallHpa: fall,
        pressureHours: RAIN_DUE.hours,
        rainDueFallHpa: RAIN_DUE.fallHpa,
      });
    }
    await deps.startRun(rule, cfg, at, { amount: { volumeM3 }, reason: 'deficitStart', facts, moisture, rainMm: rain });
  }

  /** Judges every enabled deficit rule now. */
  async function judgeAll(at = now()): Promise<void> {
    lastAt = at;
    for (const row of await enabledSmartRules(db)) {
      const r = decodeRule(row, smartConfig, thresholdCondition);
      if (!r.config.deficit) continue;
      await judge(r, r.config, r.condition.value as number, at);
    }
  }

  return {
    judgeAll,
    /** The rule job's tick: every DEFICIT_CHECK_MS. */
    tick: async () => {
      if (now() - lastAt >= DEFICIT_CHECK_MS) await judgeAll();
    },
  };
}
