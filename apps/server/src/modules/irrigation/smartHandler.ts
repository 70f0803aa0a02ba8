import {
  ACTIVE_RUN_STATES,
  Code,
  type DecisionAction,
  type DecisionFacts,
  type DecisionReason,
  type DeviceClass,
  type RunEndCode,
  type RunState,
  SMART_SENSOR_STALE_MIN,
  type ThresholdCondition,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/apiError';
import type { RuleEngine, RuleHandler, RuleTransition } from '../../rules/engine';
import { inAnyWindow } from '../../rules/windows';
import { zoneClock } from '../telemetry/buckets';
import type { DecisionLog } from './decisionLog';
import { PumpRefused } from './pumpProtection';
import * as repo from './repo';
import { type RunService, systemActor } from './runs';
import { type SmartConfig, smartConfig, stopAboveOf } from './smartRule';

/** Who a start is for: the rule as the engine holds it, or as the deficit judge read it. */
export type StartingRule = Pick<RuleTransition['rule'], 'id' | 'merchantId' | 'groupId' | 'name'>;
/** What a start waters (a time, or a volume) and what the decision log says of it. */
export interface StartPlan {
  amount: { durationMin: number } | { volumeM3: number };
  reason: 'belowStart' | 'deficitStart';
  facts: DecisionFacts;
  moisture: number | null;
  rainMm: number | null;
}

export interface SmartHandlerDeps {
  db: Db;
  rules: Pick<RuleEngine, 'resetRule'>;
  runs: Pick<RunService, 'start' | 'stop'>;
  decisions: DecisionLog;
  tz: string;
  now?: () => number;
}

/**
 * What smart irrigation does when the evaluator fires or clears one of its rules. A stale sensor,
 * its own time windows, rain, the soak (rest) after its last run, its daily caps of runs and water
 * and a busy machine are checked here, on fire, so the decision log can say why it did not start; a declined start stays pending (engine 'defer'). The run is
 * sent with the maximum duration, so the machine stops by itself even if the server is down; when
 * it does, the rule's state is reset and it may start again after its rest period.
 */
export function createSmartHandler(deps: SmartHandlerDeps) {
  const { db, decisions } = deps;
  const now = deps.now ?? Date.now;
  const clock = zoneClock(deps.tz);

  const actorFor = (rule: StartingRule, deviceClass: string) =>
    systemActor(rule.merchantId, rule.groupId, deviceClass as DeviceClass, `smart:${rule.name}`.slice(0, 64));

  /** The first daily cap the rule has reached today (local day), if any. */
  async function dailyCap(ruleId: number, cfg: SmartConfig, at: number) {
    if (cfg.maxRunsPerDay <= 0 && cfg.maxWaterPerDayM3 <= 0) return null;
    const today = await repo.ruleRunsSince(db, ruleId, clock.dayBucket(at));
    if (cfg.maxRunsPerDay > 0 && today.runs >= cfg.maxRunsPerDay) {
      return {
        reason: 'dailyRuns' as const,
        facts: { runsToday: today.runs, maxRunsPerDay: cfg.maxRunsPerDay },
      };
    }
    if (cfg.maxWaterPerDayM3 > 0 && today.waterM3 >= cfg.maxWaterPerDayM3) {
      return {
        reason: 'dailyWater' as const,
        facts: { waterTodayM3: Number(today.waterM3.toFixed(3)), maxWaterPerDayM3: cfg.maxWaterPerDayM3 },
      };
    }
    return null;
  }

  async function onFire(t: RuleTransition, cfg: SmartConfig): Promise<undefined | 'defer'> {
    const rule = t.rule;
    const at = t.at;
    const seen = { moisture: t.value };
    const condition = rule.condition as ThresholdCondition;
    const skip = async (reason: DecisionReason, facts: DecisionFacts, rainMm: number | null = null) => {
      await decisions.write(rule, { action: 'skipped', reason, ...seen, rainMm }, { at, facts });
      return 'defer' as const;
    };
    // a pending start offered again on the engine's tick carries the last value it saw: judge only a fresh one
    const reading = rule.deviceId === null ? undefined : (await repo.latest(db, rule.deviceId)).get(condition.key);
    if (!reading || at - reading.ts > SMART_SENSOR_STALE_MIN * 60_000) {
      return skip('sensorStale', { sensorLastAt: reading?.ts ?? null, staleAfterMin: SMART_SENSOR_STALE_MIN });
    }
    if (!inAnyWindow(cfg.windows, at, deps.tz)) {
      return skip('outsideWindow', { windows: cfg.windows.map((w) => `${w.start}-${w.end}`) });
    }
    let rain: number | null = null;
    if (cfg.rainMm > 0) {
      rain = await repo.rainSince(db, rule.merchantId, rule.groupId, at - cfg.rainHours * 3_600_000);
      if (rain !== null && rain > cfg.rainMm) {
        return skip('raining', { rainLimitMm: cfg.rainMm, rainHours: cfg.rainHours }, rain);
      }
    }
    return startRun(rule, cfg, at, {
      amount: { durationMin: cfg.maxDurationMin },
      reason: 'belowStart',
      facts: { threshold: condition.value as number, zones: cfg.zones, maxDurationMin: cfg.maxDurationMin },
      moisture: t.value,
      rainMm: rain,
    });
  }

  /**
   * The start every smart rule ends in, whatever decided it (the moisture threshold on a reading, or the deficit
   * on the tick): the soak after the rule's last run, its daily caps, the machine, then the start through the
   * run service (busy and pump protection refusals skip), each outcome in the decision log with `plan.facts`.
   */
  async function startRun(
    rule: StartingRule,
    cfg: SmartConfig,
    at: number,
    plan: StartPlan,
  ): Promise<undefined | 'defer'> {
    const seen = { moisture: plan.moisture };
    const rain = plan.rainMm;
    const skip = async (reason: DecisionReason, facts: DecisionFacts) => {
      await decisions.write(rule, { action: 'skipped', reason, ...seen, rainMm: rain }, { at, facts });
      return 'defer' as const;
    };
    const last = await repo.lastRunOfRule(db, rule.id);
    if (last && ACTIVE_RUN_STATES.includes(last.state as RunState)) return undefined;
    if (last?.ended_at && at - Number(last.ended_at) < cfg.restMin * 60_000) {
      const left = Math.ceil((cfg.restMin * 60_000 - (at - Number(last.ended_at))) / 60_000);
      await decisions.write(
        rule,
        { action: 'skipped', reason: 'resting', ...seen, rainMm: rain },
        { at, runId: last.id, facts: { restLeftMin: left } },
      );
      return 'defer';
    }
    const capped = await dailyCap(rule.id, cfg, at);
    if (capped) return skip(capped.reason, capped.facts);
    const machine = await repo.deviceById(db, cfg.machineId);
    if (!machine) return skip('commandFailed', { missingMachineId: cfg.machineId });
    try {
      const run = await deps.runs.start(
        actorFor(rule, machine.device_class),
        { deviceId: cfg.machineId, zones: cfg.zones, ...plan.amount },
        { kind: 'smart', ref: String(rule.id), name: rule.name },
      );
      if (run.state === 'failed') {
        await decisions.write(
          rule,
          { action: 'failed', reason: 'commandFailed', ...seen, rainMm: rain },
          { at, runId: run.runId, facts: { runEnd: run.endCode ?? undefined }, detail: run.reason },
        );
        return 'defer';
      }
      await decisions.write(
        rule,
        { action: 'started', reason: plan.reason, ...seen, rainMm: rain },
        { at, runId: run.runId, facts: plan.facts },
      );
      return undefined;
    } catch (err) {
      if (err instanceof PumpRefused) {
        const error = { code: err.code, zh: err.messageIn('zh'), en: err.messageIn('en') };
        return skip('pumpProtection', { pump: err.refusal, error });
      }
      if (err instanceof ApiError && err.code === Code.CONFLICT) {
        // the run in the way, if it is one of ours (else the machine was started at the machine)
        const inTheWay = await repo.activeRunOf(db, cfg.machineId);
        return skip('busy', inTheWay ? { busyRunId: inTheWay.id } : { startedAtMachine: true });
      }
      const error =
        err instanceof ApiError
          ? { code: err.code, zh: err.messageIn('zh'), en: err.messageIn('en') }
          : { code: Code.INTERNAL, zh: (err as Error).message, en: (err as Error).message };
      await decisions.write(
        rule,
        { action: 'failed', reason: 'commandFailed', ...seen, rainMm: rain },
        { at, facts: { error } },
      );
      return 'defer';
    }
  }

  async function onClear(t: RuleTransition, cfg: SmartConfig): Promise<void> {
    const rule = t.rule;
    const last = await repo.lastRunOfRule(db, rule.id);
    if (!last || (last.state !== 'starting' && last.state !== 'running')) return;
    const machine = await repo.deviceById(db, cfg.machineId);
    await deps.runs.stop(actorFor(rule, machine?.device_class ?? 'smartIrrigation'), last.id, 'aboveStop');
    await decisions.write(
      rule,
      { action: 'stopped', reason: 'aboveStop', moisture: t.value },
      { at: t.at, runId: last.id, facts: { threshold: stopAboveOf(rule.condition as ThresholdCondition) } },
    );
  }

  const handler: RuleHandler = {
    async onTransition(t) {
      const cfg = smartConfig.parse(t.rule.config);
      // a deficit rule is judged on the tick (smartDeficit.ts); no reading fires it
      if (cfg.deficit) return undefined;
      if (t.transition === 'fire') return onFire(t, cfg);
      await onClear(t, cfg);
      return undefined;
    },
  };

  /** Called when a run ends: logs why a smart run ended and lets the rule look afresh (after its rest). */
  async function runEnded(r: repo.RunRow): Promise<void> {
    if (r.trigger !== 'smart') return;
    const ruleId = Number(r.trigger_ref);
    const rule = await repo.ruleOwner(db, ruleId);
    if (!rule) return;
    const who = { id: rule.id, merchantId: rule.merchant_id, groupId: rule.group_id };
    const at = Number(r.ended_at ?? now());
    const ended: DecisionFacts = {
      waterM3: r.water_m3,
      ...(r.end_code ? { runEnd: r.end_code as RunEndCode, runEndValue: r.end_value } : {}),
      ...(r.duration_min !== null ? { maxDurationMin: r.duration_min } : {}),
    };
    const logEnd = (action: DecisionAction, reason: DecisionReason) =>
      decisions.write(who, { action, reason, moisture: null }, { at, runId: r.id, facts: ended, detail: r.reason });
    if (r.state === 'stopped' && r.stop_reason === 'aboveStop') {
      await logEnd('stopped', 'aboveStop');
      return;
    }
    // a deficit run is by volume: done when the machine has applied it
    if (r.state === 'done') await logEnd('stopped', r.volume_m3 !== null ? 'volumeDone' : 'maxDuration');
    else if (r.state === 'failed') await logEnd('failed', 'runFailed');
    else await logEnd('stopped', 'machineStopped');
    await deps.rules.resetRule(ruleId);
  }

  return { handler, runEnded, startRun };
}
