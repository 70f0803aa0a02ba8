import {
  Code,
  classAllowed,
  type DecisionAction,
  type DecisionFacts,
  type DecisionReason,
  type DeviceClass,
  IRRIGATION_CLASSES,
  type Paged,
  paramDef,
  type RunEndCode,
  type SmartDecision,
  type SmartRule,
  type SmartRuleBody,
  smartRuleBody,
  type ThresholdCondition,
  timeWindows,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import type { Scope } from '../../db/scope';
import { ApiError, notFound } from '../../http/apiError';
import type { RuleEngine, RuleHandler, RuleTransition } from '../../rules/engine';
import { inAnyWindow } from '../../rules/windows';
import type { AuthContext } from '../auth/sessions';
import * as repo from './repo';
import { type RunService, systemActor } from './runs';

/** A skip is logged again only when the reason changes or after this long: the rule re-checks every tick. */
export const SKIP_LOG_EVERY_MS = 10 * 60_000;

export interface SmartDeps {
  db: Db;
  rules: Pick<RuleEngine, 'register' | 'refresh' | 'resetRule'>;
  runs: Pick<RunService, 'start' | 'stop'>;
  tz: string;
  now?: () => number;
}

type SmartConfig = Pick<
  SmartRuleBody,
  'machineId' | 'zones' | 'maxDurationMin' | 'restMin' | 'windows' | 'rainMm' | 'rainHours'
>;

const scopeOf = (a: AuthContext): Scope => ({ merchantId: a.merchantId, groupIds: a.groupIds });

function readFacts(text: string): DecisionFacts {
  try {
    return JSON.parse(text) as DecisionFacts;
  } catch {
    // written by us as JSON; an unreadable value reads as "nothing known" rather than failing the log
    return {};
  }
}

function readConfig(text: string): SmartConfig {
  const c = JSON.parse(text) as SmartConfig;
  return { ...c, windows: timeWindows.parse(c.windows ?? []) };
}

/** The `rules` row of a smart irrigation rule (also used by the demo seed). */
export function smartRuleColumns(body: SmartRuleBody) {
  const condition: ThresholdCondition = {
    kind: 'threshold',
    key: body.sensorKey,
    op: 'below',
    value: body.startBelow,
    forMs: 0,
    hysteresis: body.stopAbove - body.startBelow,
  };
  const config: SmartConfig = {
    machineId: body.machineId,
    zones: body.zones,
    maxDurationMin: body.maxDurationMin,
    restMin: body.restMin,
    windows: body.windows,
    rainMm: body.rainMm,
    rainHours: body.rainHours,
  };
  return {
    name: body.name,
    device_id: body.sensorId,
    device_class: null,
    condition: JSON.stringify(condition),
    windows: '[]',
    config: JSON.stringify(config),
    enabled: body.enabled ? 1 : 0,
  };
}

/**
 * Smart irrigation on the one rule evaluator. A rule is a `rules` row watching one soil-moisture
 * sensor: "below startBelow" with hysteresis up to stopAbove, so it fires below X and clears above Y.
 * Its own time windows, rain check, rest period and a busy machine are checked here, on fire, so
 * the decision log can say why it did not start; a declined start stays pending (engine 'defer').
 * The run is sent with the maximum duration, so the machine stops by itself even if the server is
 * down; when it does, the rule's state is reset and it may start again after its rest period.
 */
export function createSmartIrrigation(deps: SmartDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function log(
    rule: { id: number; merchantId: number; groupId: number },
    d: { action: DecisionAction; reason: DecisionReason; moisture: number | null; rainMm?: number | null },
    extra: { runId?: number | null; facts?: DecisionFacts; detail?: string; at: number },
  ): Promise<void> {
    if (d.action === 'skipped') {
      const last = await repo.lastDecision(db, rule.id);
      if (
        last &&
        last.action === 'skipped' &&
        last.reason === d.reason &&
        extra.at - Number(last.at) < SKIP_LOG_EVERY_MS
      )
        return;
    }
    await repo.insertDecision(db, {
      merchant_id: rule.merchantId,
      group_id: rule.groupId,
      rule_id: rule.id,
      at: extra.at,
      action: d.action,
      reason: d.reason,
      moisture: d.moisture,
      rain_mm: d.rainMm ?? null,
      run_id: extra.runId ?? null,
      facts: JSON.stringify(extra.facts ?? {}),
      detail: (extra.detail ?? '').slice(0, 500),
    });
  }

  async function onFire(t: RuleTransition, cfg: SmartConfig): Promise<undefined | 'defer'> {
    const rule = t.rule;
    const at = t.at;
    const seen = { moisture: t.value };
    const skip = async (reason: DecisionReason, facts: DecisionFacts, rainMm: number | null = null) => {
      await log(rule, { action: 'skipped', reason, ...seen, rainMm }, { at, facts });
      return 'defer' as const;
    };
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
    const last = await repo.lastRunOfRule(db, rule.id);
    if (last && (last.state === 'starting' || last.state === 'running' || last.state === 'stopping')) return undefined;
    if (last?.ended_at && at - Number(last.ended_at) < cfg.restMin * 60_000) {
      const left = Math.ceil((cfg.restMin * 60_000 - (at - Number(last.ended_at))) / 60_000);
      await log(
        rule,
        { action: 'skipped', reason: 'resting', ...seen, rainMm: rain },
        {
          at,
          runId: last.id,
          facts: { restLeftMin: left },
        },
      );
      return 'defer';
    }
    const machine = await db
      .selectFrom('devices')
      .select(['device_class', 'name'])
      .where('id', '=', cfg.machineId)
      .executeTakeFirst();
    if (!machine) return skip('commandFailed', { missingMachineId: cfg.machineId }, rain);
    const actor = systemActor(
      rule.merchantId,
      rule.groupId,
      machine.device_class as DeviceClass,
      `smart:${rule.name}`.slice(0, 64),
    );
    try {
      const run = await deps.runs.start(
        actor,
        { deviceId: cfg.machineId, zones: cfg.zones, durationMin: cfg.maxDurationMin },
        { kind: 'smart', ref: String(rule.id), name: rule.name },
      );
      const condition = rule.condition as ThresholdCondition;
      if (run.state === 'failed') {
        await log(
          rule,
          { action: 'failed', reason: 'commandFailed', ...seen, rainMm: rain },
          { at, runId: run.runId, facts: { runEnd: run.endCode ?? undefined }, detail: run.reason },
        );
        return 'defer';
      }
      await log(
        rule,
        { action: 'started', reason: 'belowStart', ...seen, rainMm: rain },
        {
          at,
          runId: run.runId,
          facts: { threshold: condition.value as number, zones: cfg.zones, maxDurationMin: cfg.maxDurationMin },
        },
      );
      return undefined;
    } catch (err) {
      if (err instanceof ApiError && err.code === Code.CONFLICT) {
        // the run in the way, if it is one of ours (else the machine was started at the machine)
        const inTheWay = await repo.activeRunOf(db, cfg.machineId);
        return skip('busy', inTheWay ? { busyRunId: inTheWay.id } : { startedAtMachine: true }, rain);
      }
      const error =
        err instanceof ApiError
          ? { code: err.code, zh: err.messageIn('zh'), en: err.messageIn('en') }
          : { code: Code.INTERNAL, zh: (err as Error).message, en: (err as Error).message };
      await log(rule, { action: 'failed', reason: 'commandFailed', ...seen, rainMm: rain }, { at, facts: { error } });
      return 'defer';
    }
  }

  async function onClear(t: RuleTransition, cfg: SmartConfig): Promise<void> {
    const rule = t.rule;
    const last = await repo.lastRunOfRule(db, rule.id);
    if (!last || (last.state !== 'starting' && last.state !== 'running')) return;
    const machine = await db
      .selectFrom('devices')
      .select('device_class')
      .where('id', '=', cfg.machineId)
      .executeTakeFirst();
    const actor = systemActor(
      rule.merchantId,
      rule.groupId,
      (machine?.device_class ?? 'smartIrrigation') as DeviceClass,
      `smart:${rule.name}`.slice(0, 64),
    );
    const c = rule.condition as ThresholdCondition;
    const stopAbove = (c.value as number) + c.hysteresis;
    await deps.runs.stop(actor, last.id, 'aboveStop');
    await log(
      rule,
      { action: 'stopped', reason: 'aboveStop', moisture: t.value },
      { at: t.at, runId: last.id, facts: { threshold: stopAbove } },
    );
  }

  const handler: RuleHandler = {
    async onTransition(t) {
      const cfg = readConfig(JSON.stringify(t.rule.config));
      if (t.transition === 'fire') return onFire(t, cfg);
      await onClear(t, cfg);
      return undefined;
    },
  };
  deps.rules.register('smartIrrigation', handler);

  /** Called when a run ends: logs why a smart run ended and lets the rule look afresh (after its rest). */
  async function runEnded(r: repo.RunRow): Promise<void> {
    if (r.trigger !== 'smart') return;
    const ruleId = Number(r.trigger_ref);
    const rule = await db
      .selectFrom('rules')
      .select(['id', 'merchant_id', 'group_id'])
      .where('id', '=', ruleId)
      .executeTakeFirst();
    if (!rule) return;
    const who = { id: rule.id, merchantId: rule.merchant_id, groupId: rule.group_id };
    const at = Number(r.ended_at ?? now());
    const ended: DecisionFacts = {
      waterM3: r.water_m3,
      ...(r.end_code ? { runEnd: r.end_code as RunEndCode, runEndValue: r.end_value } : {}),
      ...(r.duration_min !== null ? { maxDurationMin: r.duration_min } : {}),
    };
    const logEnd = (action: DecisionAction, reason: DecisionReason) =>
      log(who, { action, reason, moisture: null }, { at, runId: r.id, facts: ended, detail: r.reason });
    if (r.state === 'stopped' && r.stop_reason === 'aboveStop') {
      await logEnd('stopped', 'aboveStop');
      return;
    }
    if (r.state === 'done') await logEnd('stopped', 'maxDuration');
    else if (r.state === 'failed') await logEnd('failed', 'runFailed');
    else await logEnd('stopped', 'machineStopped');
    await deps.rules.resetRule(ruleId);
  }

  async function checkBody(auth: AuthContext, body: SmartRuleBody) {
    const scope = scopeOf(auth);
    const machine = await repo.findDevice(db, scope, body.machineId);
    if (!machine || machine.group_id === null) throw notFound(`machineId ${body.machineId}: machine`);
    if (!(IRRIGATION_CLASSES as readonly string[]).includes(machine.device_class)) {
      throw new ApiError(Code.VALIDATION, `machineId: ${machine.name} does not run irrigation`);
    }
    if (!classAllowed(auth.grants, machine.device_class as DeviceClass)) {
      throw new ApiError(Code.PERMISSION_DENIED, `You may not operate ${machine.device_class} devices`);
    }
    const sensor = await repo.findDevice(db, scope, body.sensorId);
    if (!sensor || sensor.group_id !== machine.group_id) {
      throw new ApiError(Code.VALIDATION, `sensorId: sensor ${body.sensorId} is not in the machine's park`);
    }
    if (!paramDef(sensor.device_class as DeviceClass, body.sensorKey)) {
      throw new ApiError(Code.VALIDATION, `sensorKey: ${sensor.name} does not measure ${body.sensorKey}`);
    }
    return { machine, groupId: machine.group_id };
  }

  async function save(auth: AuthContext, input: SmartRuleBody): Promise<SmartRule> {
    const body = smartRuleBody.parse(input);
    const { groupId } = await checkBody(auth, body);
    const at = now();
    let id = body.ruleId;
    if (id === undefined) {
      const r = await db
        .insertInto('rules')
        .values({
          merchant_id: auth.merchantId,
          group_id: groupId,
          owner_kind: 'smartIrrigation',
          ...smartRuleColumns(body),
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = r.id;
    } else {
      if (!(await repo.findSmartRule(db, scopeOf(auth), id))) throw notFound(`ruleId ${id}: smart irrigation rule`);
      await db
        .updateTable('rules')
        .set({ ...smartRuleColumns(body), group_id: groupId, updated_at: at })
        .where('id', '=', id)
        .where('merchant_id', '=', auth.merchantId)
        .execute();
      await deps.rules.resetRule(id);
    }
    await deps.rules.refresh();
    const saved = (await list(auth, groupId)).find((r) => r.ruleId === id);
    if (!saved) throw notFound(`ruleId ${id}: smart irrigation rule`);
    return saved;
  }

  async function list(auth: AuthContext, groupId: number, machineId?: number): Promise<SmartRule[]> {
    await repo.requireInScope(db, scopeOf(auth), { groupId, deviceId: machineId });
    const rows = await repo.smartRules(db, scopeOf(auth), groupId);
    const out: SmartRule[] = [];
    for (const r of rows) {
      const cfg = readConfig(r.config);
      if (machineId !== undefined && cfg.machineId !== machineId) continue;
      const c = JSON.parse(r.condition) as ThresholdCondition;
      const names = await db
        .selectFrom('devices')
        .select(['id', 'name'])
        .where('id', 'in', [cfg.machineId, r.device_id ?? -1])
        .execute();
      const value = await db
        .selectFrom('device_latest')
        .select('value')
        .where('device_id', '=', r.device_id ?? -1)
        .where('key', '=', c.key)
        .executeTakeFirst();
      const last = await repo.lastRunOfRule(db, r.id);
      out.push({
        ruleId: r.id,
        groupId: r.group_id,
        name: r.name,
        machineId: cfg.machineId,
        machineName: names.find((n) => n.id === cfg.machineId)?.name ?? '',
        zones: cfg.zones,
        sensorId: r.device_id ?? 0,
        sensorName: names.find((n) => n.id === r.device_id)?.name ?? '',
        sensorKey: c.key,
        startBelow: c.value as number,
        stopAbove: (c.value as number) + c.hysteresis,
        maxDurationMin: cfg.maxDurationMin,
        restMin: cfg.restMin,
        windows: cfg.windows,
        rainMm: cfg.rainMm,
        rainHours: cfg.rainHours,
        enabled: r.enabled === 1,
        sensorValue: value?.value ?? null,
        activeRunId: last && ['starting', 'running', 'stopping'].includes(last.state) ? last.id : null,
      });
    }
    return out;
  }

  async function remove(auth: AuthContext, ids: readonly number[]): Promise<number> {
    // all or nothing: one id the caller cannot see refuses the whole request
    for (const id of ids) if (!(await repo.findSmartRule(db, scopeOf(auth), id))) throw notFound(`ids ${id}: rule`);
    let n = 0;
    for (const id of ids) {
      await db.deleteFrom('irrigation_decisions').where('rule_id', '=', id).execute();
      await deps.rules.resetRule(id);
      await db.deleteFrom('rules').where('id', '=', id).where('merchant_id', '=', auth.merchantId).execute();
      n++;
    }
    await deps.rules.refresh();
    return n;
  }

  async function decisions(
    auth: AuthContext,
    q: { groupId: number; ruleId?: number; pageNum: number; pageSize: number },
  ): Promise<Paged<SmartDecision>> {
    await repo.requireInScope(db, scopeOf(auth), q);
    const { rows, total } = await repo.listDecisions(db, scopeOf(auth), q);
    return {
      list: rows.map((r) => ({
        id: r.id,
        ruleId: r.rule_id,
        at: Number(r.at),
        action: r.action as DecisionAction,
        reason: r.reason as DecisionReason,
        moisture: r.moisture,
        rainMm: r.rain_mm,
        runId: r.run_id,
        facts: readFacts(r.facts),
        detail: r.detail,
      })),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  return { save, list, remove, decisions, runEnded };
}

export type SmartIrrigation = ReturnType<typeof createSmartIrrigation>;
