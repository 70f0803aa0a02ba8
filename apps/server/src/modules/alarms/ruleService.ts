import {
  type AddAlarmRuleBody,
  type AlarmRule,
  type AlterAlarmRuleBody,
  Code,
  type DeviceClass,
  FLOW_METERED_CLASSES,
  paramDef,
  webTopic,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError, notFound } from '../../http/apiError';
import { parkListOf } from '../../http/lists';
import { requirePark, scopeOf } from '../../http/scope';
import type { Publish } from '../../mqtt/publish';
import type { RuleEngine } from '../../rules/engine';
import { createRuleStore, decodeRule, ruleDraft } from '../../rules/store';
import type { ClientMeta } from '../auth/service';
import type { AuthContext } from '../auth/sessions';
import { trapCategory, trapKind } from '../pests/trapAlarms';
import { audited, entryOf } from '../systemLog/service';
import { type AlarmConfig, alarmConfig } from './config';
import { contactsServingPark } from './contactsRepo';
import * as repo from './repo';

export interface RuleDeps {
  db: Db;
  rules: RuleEngine;
  publish: Publish;
}

function toRule(r: repo.RuleRow, open: number): AlarmRule {
  const rule = decodeRule(r, alarmConfig);
  const cfg = rule.config;
  return {
    id: rule.id,
    groupId: rule.groupId,
    name: rule.name,
    deviceId: rule.deviceId,
    deviceName: r.device_name ?? null,
    deviceClass: rule.deviceClass,
    condition: rule.condition,
    windows: rule.windows,
    severity: cfg.severity,
    contactIds: cfg.contactIds,
    channels: cfg.channels,
    repeatMinutes: cfg.repeatMinutes,
    quietHours: cfg.quietHours,
    enabled: rule.enabled,
    openAlarms: open,
    updatedAt: rule.updatedAt,
  };
}

export const listRules = parkListOf(repo.ruleRows, async (rows, db) => {
  const open = new Map(
    (
      await repo.openCounts(
        db,
        rows.map((r) => r.id),
      )
    ).map((o) => [o.rule_id, Number(o.n)]),
  );
  return rows.map((r) => toRule(r, open.get(r.id) ?? 0));
});

export async function ruleDetail(db: Db, auth: AuthContext, id: number): Promise<AlarmRule> {
  const r = await repo.findRule(db, scopeOf(auth), id);
  if (!r) throw notFound(`id ${id}: alarm rule`);
  const open = await repo.openCounts(db, [id]);
  return toRule(r, Number(open[0]?.n ?? 0));
}

/** Checks the target exists in the park, the parameter belongs to its class, the contacts serve the park. */
async function checked(db: Db, auth: AuthContext, body: AddAlarmRuleBody) {
  const scope = scopeOf(auth);
  requirePark(auth, body.groupId);
  let cls = body.deviceClass as DeviceClass | undefined;
  if (body.deviceId !== undefined && body.condition.kind !== 'plantingRange') {
    const d = await repo.parkDevice(db, scope, body.groupId, body.deviceId);
    if (!d) throw notFound(`deviceId ${body.deviceId}: device in park ${body.groupId}`);
    cls = d.device_class as DeviceClass;
  }
  if (body.condition.kind === 'threshold' && cls && !paramDef(cls, body.condition.key)) {
    throw new ApiError(Code.VALIDATION, {
      en: `condition.key: ${body.condition.key} is not a parameter of ${cls}`,
      zh: `condition.key：${body.condition.key} 不是该类设备的参数`,
    });
  }
  if (body.condition.kind === 'trapCount') await checkTrapRule(db, auth.merchantId, body, cls);
  if (body.condition.kind === 'zoneFlow' && !(FLOW_METERED_CLASSES as readonly string[]).includes(cls ?? '')) {
    const field = body.deviceId !== undefined ? 'deviceId' : 'deviceClass';
    throw new ApiError(Code.VALIDATION, {
      en: `${field}: a flow rule watches an irrigation machine with a flow meter (water-fertiliser or smart irrigation machine)`,
      zh: `${field}：流量规则只能用于带流量计的灌溉设备（水肥一体机或智能灌溉机）`,
    });
  }
  const contacts = await contactsServingPark(db, scope, body.groupId, body.contactIds);
  const missing = body.contactIds.filter((id) => !contacts.some((c) => c.id === id));
  if (missing.length > 0) {
    throw new ApiError(Code.VALIDATION, {
      en: `contactIds: contact ${missing.join(', ')} does not exist or does not serve this park`,
      zh: `contactIds：联系人 ${missing.join(', ')} 不存在或不负责该园区`,
    });
  }
  const config: AlarmConfig = {
    severity: body.severity,
    contactIds: [...new Set(body.contactIds)],
    channels: [...new Set(body.channels)],
    repeatMinutes: body.repeatMinutes,
    quietHours: body.quietHours,
  };
  // a planting rule watches the park's plantings through their plots' sensors, not a device of its own; what
  // an alarm was about (`planting`) is the server's to fill on the alarm
  if (body.condition.kind === 'plantingRange')
    return ruleDraft(
      { ...body, condition: { kind: 'plantingRange' as const } },
      { deviceId: null, deviceClass: null },
      config,
    );
  const target = {
    deviceId: body.deviceId ?? null,
    deviceClass: body.deviceId !== undefined ? null : (body.deviceClass ?? null),
  };
  return ruleDraft(body, target, config);
}

/**
 * A trap count rule watches insect or spore traps, and counts one of the merchant's categories of the kind its
 * traps catch (an insect category on a spore trap would never count anything).
 */
async function checkTrapRule(db: Db, merchantId: number, body: AddAlarmRuleBody, cls: DeviceClass | undefined) {
  if (body.condition.kind !== 'trapCount') return;
  const kind = trapKind(cls);
  if (!kind) {
    const field = body.deviceId !== undefined ? 'deviceId' : 'deviceClass';
    throw new ApiError(Code.VALIDATION, {
      en: `${field}: a trap count rule watches an insect trap or a spore trap`,
      zh: `${field}：虫情计数规则只能用于虫情测报灯或孢子捕捉仪`,
    });
  }
  const { categoryId } = body.condition;
  if (!(await trapCategory(db, merchantId, cls ?? null, categoryId))) {
    throw new ApiError(Code.VALIDATION, {
      en: `condition.categoryId: category ${categoryId} is not one of your ${kind === 'insect' ? 'insect' : 'spore'} categories`,
      zh: `condition.categoryId：类别 ${categoryId} 不是本单位的${kind === 'insect' ? '虫害' : '病菌孢子'}类别`,
    });
  }
}

const store = (deps: RuleDeps) => createRuleStore(deps, 'alarm');
type Closed = Awaited<ReturnType<typeof repo.closeRuleAlarms>>;

const entry = entryOf('alarmRule');

/** Alarms of a rule whose meaning changed are closed (nothing would ever clear them); the console hears of it. */
async function announceClosed(deps: RuleDeps, closed: Closed, at: number) {
  for (const a of closed) {
    const n = await repo.openCountOfPark(deps.db, a.merchant_id, a.group_id);
    await deps
      .publish(webTopic(a.merchant_id, a.group_id, 'alarm'), { alarmId: a.id, event: 'cleared', ts: at, openCount: n })
      .catch(() => {});
  }
}

export function addRule(deps: RuleDeps, auth: AuthContext, body: AddAlarmRuleBody, meta: ClientMeta) {
  const add = async () => {
    const id = await store(deps).insert(auth.merchantId, await checked(deps.db, auth, body));
    return ruleDetail(deps.db, auth, id);
  };
  return audited(deps.db, auth, meta, entry('alarmRule.add', { detail: body.name }), add, (r) => ({ targetId: r.id }));
}

export function alterRule(deps: RuleDeps, auth: AuthContext, body: AlterAlarmRuleBody, meta: ClientMeta) {
  return audited(deps.db, auth, meta, entry('alarmRule.alter', { targetId: body.id, detail: body.name }), async () => {
    const rules = store(deps);
    const missing = () => notFound(`id ${body.id}: alarm rule`);
    if (!(await rules.find(deps.db, scopeOf(auth), body.id))) throw missing();
    const draft = await checked(deps.db, auth, body);
    const t = Date.now();
    let closed: Closed = [];
    await rules.update(scopeOf(auth), body.id, draft, {
      notFound: missing,
      also: async (trx, _before, changed) => {
        if (changed) closed = await repo.closeRuleAlarms(trx, body.id, t);
      },
    });
    await announceClosed(deps, closed, t);
    return ruleDetail(deps.db, auth, body.id);
  });
}

export function removeRules(deps: RuleDeps, auth: AuthContext, ids: number[], meta: ClientMeta) {
  return audited(deps.db, auth, meta, entry('alarmRule.remove', { targetId: ids.join(',') }), async () => {
    const t = Date.now();
    const closed: Closed = [];
    await store(deps).remove(scopeOf(auth), ids, {
      notFound: (id) => notFound(`id ${id}: alarm rule`),
      also: async (trx, id) => {
        closed.push(...(await repo.closeRuleAlarms(trx, id, t)));
      },
    });
    await announceClosed(deps, closed, t);
    return null;
  });
}
