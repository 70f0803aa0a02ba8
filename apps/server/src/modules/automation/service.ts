import {
  type AddAutomationRuleBody,
  type AlterAutomationRuleBody,
  AUTOMATION_CLASS,
  type AutomationRule,
  automationAction,
  Code,
  type CommandRecord,
  classAllowed,
  type Paged,
  paramDef,
  thresholdCondition,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError, notFound } from '../../http/apiError';
import { requirePark, scopeOf } from '../../http/scope';
import { type AutomationConfig, type AutomationGate, automationConfig } from '../../rules/automation';
import type { RuleEngine } from '../../rules/engine';
import { createRuleStore, decodeRule, ruleDraft } from '../../rules/store';
import type { ClientMeta } from '../auth/service';
import type { AuthContext } from '../auth/sessions';
import { toRecord } from '../commands/service';
import { audited, entryOf, writeLog } from '../systemLog/service';
import * as repo from './repo';

export interface AutomationDeps {
  db: Db;
  rules: Pick<RuleEngine, 'refresh' | 'resetRule' | 'isActive'>;
}

function toRule(r: repo.AutomationRow, active: boolean, lastFiredAt: number | null): AutomationRule {
  const rule = decodeRule(r, automationConfig, thresholdCondition);
  const strip = (list: AutomationConfig['onFire']) => list.map((a) => automationAction.parse(a));
  return {
    id: rule.id,
    groupId: rule.groupId,
    name: rule.name,
    deviceId: rule.deviceId ?? 0,
    deviceName: r.device_name ?? '',
    condition: rule.condition,
    windows: rule.windows,
    onFire: strip(rule.config.onFire),
    onClear: strip(rule.config.onClear),
    enabled: rule.enabled,
    active,
    lastFiredAt,
    updatedAt: rule.updatedAt,
  };
}

export async function listRules(
  deps: AutomationDeps,
  auth: AuthContext,
  q: { groupId: number; deviceId?: number },
): Promise<AutomationRule[]> {
  requirePark(auth, q.groupId);
  const rows = await repo.ruleRows(deps.db, scopeOf(auth), q.groupId, q.deviceId);
  const fired = await repo.lastFired(
    deps.db,
    auth.merchantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toRule(r, r.enabled === 1 && deps.rules.isActive(r.id, r.device_id ?? 0), fired.get(r.id) ?? null),
  );
}

async function ruleDetail(deps: AutomationDeps, auth: AuthContext, id: number): Promise<AutomationRule> {
  const r = await repo.findRule(deps.db, scopeOf(auth), id);
  if (!r) throw notFound(`id ${id}: automation rule`);
  const fired = await repo.lastFired(deps.db, auth.merchantId, [id]);
  return toRule(r, r.enabled === 1 && deps.rules.isActive(id, r.device_id ?? 0), fired.get(id) ?? null);
}

/** The target must be a control cabinet of the park, and the watched reading one the cabinet reports. */
async function checkedDraft(db: Db, auth: AuthContext, body: AddAutomationRuleBody) {
  requirePark(auth, body.groupId);
  const device = await repo.findDevice(db, scopeOf(auth), body.deviceId);
  if (!device || device.group_id !== body.groupId) {
    throw notFound(`deviceId ${body.deviceId}: device in park ${body.groupId}`);
  }
  if (device.device_class !== AUTOMATION_CLASS) {
    throw new ApiError(Code.VALIDATION, {
      en: `deviceId: ${device.name} is not a control cabinet`,
      zh: `deviceId：${device.name} 不是环境控制柜`,
    });
  }
  if (!classAllowed(auth.grants, AUTOMATION_CLASS)) {
    throw new ApiError(Code.PERMISSION_DENIED, `You may not operate ${AUTOMATION_CLASS} devices`);
  }
  if (!paramDef(AUTOMATION_CLASS, body.condition.key)) {
    throw new ApiError(Code.VALIDATION, {
      en: `condition.key: ${body.condition.key} is not a reading of a control cabinet`,
      zh: `condition.key：${body.condition.key} 不是控制柜的参数`,
    });
  }
  const withDevice = (list: AddAutomationRuleBody['onFire']) => list.map((a) => ({ deviceId: device.id, ...a }));
  const config: AutomationConfig = { onFire: withDevice(body.onFire), onClear: withDevice(body.onClear) };
  return ruleDraft(body, { deviceId: device.id, deviceClass: null }, config);
}

const entry = entryOf('automationRule');

const store = (deps: AutomationDeps) => createRuleStore(deps, 'automation');

export function addRule(deps: AutomationDeps, auth: AuthContext, body: AddAutomationRuleBody, meta: ClientMeta) {
  const add = async () => {
    const id = await store(deps).insert(auth.merchantId, await checkedDraft(deps.db, auth, body));
    return ruleDetail(deps, auth, id);
  };
  const made = (r: AutomationRule) => ({ targetId: r.id });
  return audited(deps.db, auth, meta, entry('automation.add', { detail: body.name }), add, made);
}

export function alterRule(deps: AutomationDeps, auth: AuthContext, body: AlterAutomationRuleBody, meta: ClientMeta) {
  return audited(deps.db, auth, meta, entry('automation.alter', { targetId: body.id, detail: body.name }), async () => {
    const rules = store(deps);
    const missing = () => notFound(`id ${body.id}: automation rule`);
    if (!(await rules.find(deps.db, scopeOf(auth), body.id))) throw missing();
    await rules.update(scopeOf(auth), body.id, await checkedDraft(deps.db, auth, body), { notFound: missing });
    return ruleDetail(deps, auth, body.id);
  });
}

export function removeRules(deps: AutomationDeps, auth: AuthContext, ids: number[], meta: ClientMeta) {
  return audited(deps.db, auth, meta, entry('automation.remove', { targetId: ids.join(',') }), async () => {
    const removed = await store(deps).remove(scopeOf(auth), ids, {
      notFound: (id) => notFound(`id ${id}: automation rule`),
    });
    return { removed };
  });
}

/** The commands a rule sent, newest first, with the device's outcome. */
export async function ruleActivity(
  db: Db,
  auth: AuthContext,
  q: { id: number; pageNum: number; pageSize: number },
): Promise<Paged<CommandRecord>> {
  if (!(await repo.findRule(db, scopeOf(auth), q.id))) throw notFound(`id ${q.id}: automation rule`);
  const { rows, total } = await repo.ruleCommands(db, scopeOf(auth), q.id, q);
  return { list: rows.map(toRecord), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/**
 * Manual mode: an actuator the cabinet has confirmed in manual mode belongs to the operator, so a
 * rule's switch command for it is held back and the system log says why.
 */
export function manualModeGate(db: Db): AutomationGate {
  return {
    async holdReason(a) {
      if (a.name !== 'setActuator' || typeof a.params.actuator !== 'string') return null;
      const modes = await repo.confirmedModes(db, a.deviceId);
      return modes.get(a.params.actuator) === 'manual' ? `${a.params.actuator} is in manual mode` : null;
    },
    async held(t, a, reason) {
      await writeLog(
        db,
        {
          merchantId: t.rule.merchantId,
          userId: null,
          loginName: `rule:${t.rule.name}`,
          ip: '',
          action: 'automation.skip',
          targetType: 'automationRule',
          targetId: t.rule.id,
          detail: `${t.transition}: ${a.name} ${JSON.stringify(a.params)} - ${reason}`,
          code: Code.OK,
        },
        t.at,
      );
    },
  };
}
