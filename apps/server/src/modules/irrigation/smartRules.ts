import {
  ACTIVE_RUN_STATES,
  Code,
  classAllowed,
  type DeviceClass,
  IRRIGATION_CLASSES,
  paramDef,
  type RunState,
  type SmartRule,
  type SmartRuleBody,
  smartRuleBody,
  thresholdCondition,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError, notFound } from '../../http/apiError';
import { scopeOf } from '../../http/scope';
import type { RuleEngine } from '../../rules/engine';
import { createRuleStore, decodeRule } from '../../rules/store';
import type { AuthContext } from '../auth/sessions';
import * as repo from './repo';
import { smartConfig, smartRuleDraft, toSmartRule } from './smartRule';

export interface SmartRulesDeps {
  db: Db;
  rules: Pick<RuleEngine, 'refresh' | 'resetRule'>;
  now?: () => number;
}

/** List, add, change and remove smart irrigation rules; their rows go through the one rule store. */
export function createSmartRules(deps: SmartRulesDeps) {
  const { db } = deps;
  const store = createRuleStore(deps, 'smartIrrigation');

  /** The machine runs irrigation and may be operated; the sensor is in its park and measures the key. */
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
    return { groupId: machine.group_id };
  }

  async function list(auth: AuthContext, groupId: number, machineId?: number): Promise<SmartRule[]> {
    await repo.requireInScope(db, scopeOf(auth), { groupId, deviceId: machineId });
    const out: SmartRule[] = [];
    for (const row of await repo.smartRules(db, scopeOf(auth), groupId)) {
      const r = decodeRule(row, smartConfig, thresholdCondition);
      if (machineId !== undefined && r.config.machineId !== machineId) continue;
      const names = await repo.deviceNames(db, [r.config.machineId, r.deviceId ?? -1]);
      // a deficit rule's sensor reads the wet check's key (its condition is on the deficit)
      const value = (await repo.latest(db, r.deviceId ?? -1)).get(r.config.deficit?.wetKey ?? r.condition.key);
      const last = await repo.lastRunOfRule(db, r.id);
      out.push(
        toSmartRule(r, {
          machineName: names.get(r.config.machineId) ?? '',
          sensorName: names.get(r.deviceId ?? -1) ?? '',
          sensorValue: value?.value ?? null,
          activeRunId: last && ACTIVE_RUN_STATES.includes(last.state as RunState) ? last.id : null,
        }),
      );
    }
    return out;
  }

  /** Adds (no ruleId) or changes a rule; a changed rule starts its evaluation afresh. */
  async function save(auth: AuthContext, input: SmartRuleBody): Promise<SmartRule> {
    const body = smartRuleBody.parse(input);
    const { groupId } = await checkBody(auth, body);
    const draft = smartRuleDraft(body, groupId);
    let id = body.ruleId;
    const missing = () => notFound(`ruleId ${id}: smart irrigation rule`);
    if (id === undefined) id = await store.insert(auth.merchantId, draft);
    else await store.update(scopeOf(auth), id, draft, { notFound: missing, alwaysReset: true });
    const saved = (await list(auth, groupId)).find((r) => r.ruleId === id);
    if (!saved) throw missing();
    return saved;
  }

  /** All or nothing; a rule's decision log goes with it. */
  function remove(auth: AuthContext, ids: readonly number[]): Promise<number> {
    return store.remove(scopeOf(auth), ids, {
      notFound: (id) => notFound(`ids ${id}: rule`),
      also: (trx, id) => repo.removeDecisions(trx, id),
    });
  }

  return { list, save, remove };
}
