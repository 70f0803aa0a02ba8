import { isOwnerJudged, type RuleKind } from '@farmpark/contracts';
import { z } from 'zod';
import type { Db } from '../db/connect';
import type { DeviceRef, DeviceRegistry } from '../modules/devices/registry';
import type { CommittedEvent } from '../modules/telemetry/ingest';
import { decodeRule, type RuleRow, type StoredRule } from './codec';
import { evaluate, initialState, type RuleInput, type RuleState } from './evaluate';
import * as repo from './repo';

/** A rule as the engine holds it in memory; `config` is the owner's, which the owner validates. */
export type LoadedRule = StoredRule<unknown>;

export interface RuleTransition {
  rule: LoadedRule;
  device: DeviceRef;
  transition: 'fire' | 'clear';
  /** The value that caused it (threshold), null for offline rules. */
  value: number | null;
  at: number;
}

/**
 * What a rule's owner does when one of its rules fires or clears (alarms raise, automation commands...).
 * Returning 'defer' declines a fire for now (e.g. smart irrigation outside its window or after rain):
 * the rule stays pending and is offered again on the next reading or tick.
 */
export interface RuleHandler {
  // biome-ignore lint/suspicious/noConfusingVoidType: owners that never defer simply return nothing
  onTransition(t: RuleTransition): Promise<void | 'defer'>;
}

export interface RuleEngineDeps {
  db: Db;
  registry: Pick<DeviceRegistry, 'byId'>;
  tz: string;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  now?: () => number;
}

/** How often the timer job evaluates durations and offline rules. */
export const RULE_TICK_MS = 2_000;
/**
 * Readings older than this drive no rule: a device backfilling days of history must not raise (and
 * notify) alarms about the past. A device that buffered a few minutes offline is still judged.
 */
export const LATE_READING_MS = 15 * 60_000;

const stateKey = (ruleId: number, deviceId: number) => `${ruleId}:${deviceId}`;

function parseRule(row: RuleRow): LoadedRule | null {
  try {
    return decodeRule(row, z.unknown());
  } catch {
    return null;
  }
}

/**
 * The rule engine: holds enabled rules indexed by device and by (park, class), evaluates them on
 * every committed telemetry batch and on a timer, keeps per (rule, device) state in memory and in
 * `rule_state` (so a restart continues mid-duration), and hands fire/clear transitions to the
 * handler registered for the rule's kind. Evaluations run one at a time, in arrival order.
 *
 * One server process evaluates rules. With several processes (scale-out), run the rule job in one.
 */
export function createRuleEngine(deps: RuleEngineDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const handlers = new Map<RuleKind, RuleHandler>();
  let rules = new Map<number, LoadedRule>();
  let byDevice = new Map<number, LoadedRule[]>();
  let byClass = new Map<string, LoadedRule[]>();
  let offline: LoadedRule[] = [];
  const states = new Map<string, RuleState>();
  const tickTasks: { name: string; run: () => Promise<void> }[] = [];
  let chain: Promise<void> = Promise.resolve();

  const classKey = (merchantId: number, groupId: number, cls: string) => `${merchantId}:${groupId}:${cls}`;

  function enqueue(what: string, job: () => Promise<void>): Promise<void> {
    const run = chain.then(job).catch((err: Error) => deps.log?.error({ err: err.message }, `rules: ${what} failed`));
    chain = run;
    return run;
  }

  async function reload(): Promise<void> {
    const [rows, saved] = await Promise.all([repo.enabledRules(db), repo.allStates(db)]);
    const next = new Map<number, LoadedRule>();
    const dev = new Map<number, LoadedRule[]>();
    const cls = new Map<string, LoadedRule[]>();
    const off: LoadedRule[] = [];
    for (const row of rows) {
      const rule = parseRule(row);
      if (!rule) {
        deps.log?.warn({ ruleId: row.id }, 'rules: unreadable rule skipped');
        continue;
      }
      next.set(rule.id, rule);
      // judged on the tick by their owner (plantings from the rollups, traps from the detections, flow from the
      // runs), not per reading
      if (isOwnerJudged(rule.condition.kind)) continue;
      if (rule.condition.kind === 'offline') off.push(rule);
      else if (rule.deviceId !== null) dev.set(rule.deviceId, [...(dev.get(rule.deviceId) ?? []), rule]);
      else {
        const k = classKey(rule.merchantId, rule.groupId, rule.deviceClass ?? '');
        cls.set(k, [...(cls.get(k) ?? []), rule]);
      }
    }
    rules = next;
    byDevice = dev;
    byClass = cls;
    offline = off;
    states.clear();
    for (const s of saved) {
      if (!next.has(s.rule_id)) continue;
      states.set(stateKey(s.rule_id, s.device_id), {
        pendingSince: s.pending_since,
        active: s.active === 1,
        lastValue: s.last_value,
        lastTs: s.last_ts,
      });
    }
  }

  /** Evaluates one (rule, device); on a transition the owner acts first, and only then is the new state kept. */
  async function step(rule: LoadedRule, device: DeviceRef, input: RuleInput, at: number): Promise<void> {
    const key = stateKey(rule.id, device.deviceId);
    const before = states.get(key) ?? initialState();
    const evaluation = evaluate(rule.condition, before, input, at, { windows: rule.windows, tz: deps.tz });
    let { state } = evaluation;
    const { transition } = evaluation;
    if (transition !== 'none') {
      const handler = handlers.get(rule.kind);
      if (!handler) {
        deps.log?.warn({ ruleId: rule.id, kind: rule.kind }, 'rules: no handler for this kind; transition dropped');
      } else {
        try {
          const answer = await handler.onTransition({
            rule,
            device,
            transition,
            value: rule.condition.kind === 'threshold' ? state.lastValue : null,
            at,
          });
          if (answer === 'defer' && transition === 'fire') {
            state = { ...state, active: false };
            states.set(key, state);
            if (before.pendingSince !== state.pendingSince) await persist(rule, device, state, at);
            return;
          }
        } catch (err) {
          // The old state stays, so the next evaluation tries again.
          deps.log?.error(
            { ruleId: rule.id, deviceId: device.deviceId, err: (err as Error).message },
            'rules: handler failed',
          );
          return;
        }
      }
    }
    states.set(key, state);
    const changed =
      transition !== 'none' || (rule.condition.kind === 'threshold' && before.pendingSince !== state.pendingSince);
    if (changed) await persist(rule, device, state, at);
  }

  function persist(rule: LoadedRule, device: DeviceRef, state: RuleState, at: number) {
    return repo.saveState(db, {
      rule_id: rule.id,
      device_id: device.deviceId,
      pending_since: state.pendingSince,
      active: state.active ? 1 : 0,
      last_value: state.lastValue,
      last_ts: state.lastTs,
      evaluated_at: at,
    });
  }

  function rulesFor(device: DeviceRef): LoadedRule[] {
    const own = byDevice.get(device.deviceId) ?? [];
    if (device.groupId === null) return own;
    const ofClass = byClass.get(classKey(device.merchantId, device.groupId, device.deviceClass)) ?? [];
    return own.length === 0 ? ofClass : [...own, ...ofClass];
  }

  async function evaluateReadings(e: Omit<CommittedEvent, 'since'>): Promise<void> {
    if (byDevice.size === 0 && byClass.size === 0) return;
    const at = now();
    for (const r of e.readings) {
      if (at - r.ts > LATE_READING_MS) continue;
      const device = await deps.registry.byId(r.deviceId);
      if (!device) continue;
      for (const rule of rulesFor(device)) {
        if (rule.condition.kind !== 'threshold' || device.groupId !== rule.groupId) continue;
        const value = r.values[rule.condition.key];
        if (value === undefined) continue;
        await step(rule, device, { type: 'reading', ts: r.ts, value }, at);
      }
    }
  }

  async function tick(): Promise<void> {
    const at = now();
    for (const [key, s] of states) {
      if (s.active || s.pendingSince === null) continue;
      const [ruleId, deviceId] = key.split(':').map(Number);
      const rule = rules.get(ruleId);
      if (rule?.condition.kind !== 'threshold') continue;
      const device = await deps.registry.byId(deviceId);
      if (device) await step(rule, device, { type: 'tick' }, at);
    }
    for (const rule of offline) {
      for (const d of await repo.watchedDevices(db, {
        merchant_id: rule.merchantId,
        group_id: rule.groupId,
        device_id: rule.deviceId,
        device_class: rule.deviceClass,
      })) {
        const device = await deps.registry.byId(d.id);
        if (device) await step(rule, device, { type: 'seen', lastSeenAt: d.last_seen_at }, at);
      }
    }
  }

  return {
    /** The owner of a kind acts on its rules' transitions. */
    register(kind: RuleKind, handler: RuleHandler) {
      handlers.set(kind, handler);
    },
    /** Reads rules and their saved states; call at start and after any rule change. */
    refresh: () => enqueue('reload', reload),
    /** Forgets a rule's state (its condition or target changed, or it was removed). */
    resetRule: (ruleId: number) =>
      enqueue('reset', async () => {
        await repo.deleteStates(db, ruleId);
        for (const k of [...states.keys()]) if (k.startsWith(`${ruleId}:`)) states.delete(k);
      }),
    /** The ingest's `committed` listener: returns at once, evaluation is queued. */
    onCommitted: (e: Omit<CommittedEvent, 'since'>) => void enqueue('ingest', () => evaluateReadings(e)),
    /**
     * The timer job: evaluates durations and offline rules, then runs the owners' periodic tasks
     * (outside the evaluation queue, so a task may call refresh or resetRule).
     */
    tick: async () => {
      await enqueue('tick', tick);
      for (const t of tickTasks) {
        await t.run().catch((err: Error) => deps.log?.error({ err: err.message }, `rules: task ${t.name} failed`));
      }
    },
    /** Work an owner does on every tick of the rule job (supervising runs, program schedules...). */
    onTick(name: string, run: () => Promise<void>) {
      tickTasks.push({ name, run });
    },
    /** The latest (rule, device) state, for owners that show what a rule sees. */
    stateOf: (ruleId: number, deviceId: number): Readonly<RuleState> | undefined =>
      states.get(stateKey(ruleId, deviceId)),
    /** Resolves when everything queued so far is done (tests, shutdown). */
    idle: () => enqueue('idle', async () => {}),
    /** Whether a (rule, device) is active now. */
    isActive: (ruleId: number, deviceId: number) => states.get(stateKey(ruleId, deviceId))?.active === true,
  };
}

export type RuleEngine = ReturnType<typeof createRuleEngine>;
