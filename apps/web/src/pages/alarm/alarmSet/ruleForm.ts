import type { AlarmRule, RuleCondition, Severity, ThresholdOp, TimeWindow } from '@farmpark/contracts';
import type { AlarmRuleInput } from '../../../api/alarms';

/** The editor's flat form values; `toInput` makes the API body, `fromRule` fills the editor. */
export interface RuleForm {
  name: string;
  targetType: 'device' | 'class';
  deviceId?: number;
  deviceClass?: string;
  kind: RuleCondition['kind'];
  key?: string;
  op?: ThresholdOp;
  value?: number;
  low?: number;
  high?: number;
  forMinutes?: number;
  hysteresis?: number;
  offlineMinutes?: number;
  /** trapCount: the pest category counted, the count that alarms, the hours counted back. */
  categoryId?: number;
  threshold?: number;
  windowHours?: number;
  /** zoneFlow: the share (%) a run's flow may be off its zone's usual, the runs a zone learns from first. */
  deviationPct?: number;
  minRuns?: number;
  severity: Severity;
  contactIds: number[];
  channels: string[];
  repeatMinutes: number;
  quietStart?: string;
  quietEnd?: string;
  enabled: boolean;
}

export const NEW_RULE: Partial<RuleForm> = {
  targetType: 'device',
  kind: 'threshold',
  op: 'above',
  forMinutes: 0,
  hysteresis: 0,
  offlineMinutes: 10,
  windowHours: 24,
  deviationPct: 30,
  minRuns: 3,
  severity: 'warning',
  contactIds: [],
  channels: [],
  repeatMinutes: 0,
  enabled: true,
};

const MIN = 60_000;

export function toCondition(v: Partial<RuleForm>): RuleCondition {
  // the standard and the plot's sensors give a planting rule its parameters, limits and hours
  if (v.kind === 'plantingRange') return { kind: 'plantingRange' };
  if (v.kind === 'offline') return { kind: 'offline', forMs: Math.round((v.offlineMinutes ?? 0) * MIN) };
  if (v.kind === 'trapCount')
    return {
      kind: 'trapCount',
      categoryId: v.categoryId as number,
      threshold: v.threshold as number,
      windowHours: v.windowHours as number,
    };
  if (v.kind === 'zoneFlow')
    return { kind: 'zoneFlow', deviationPct: v.deviationPct as number, minRuns: v.minRuns as number };
  const two = v.op === 'between' || v.op === 'outside';
  return {
    kind: 'threshold',
    key: v.key ?? '',
    op: v.op ?? 'above',
    ...(two ? { low: v.low, high: v.high } : { value: v.value }),
    forMs: Math.round((v.forMinutes ?? 0) * MIN),
    hysteresis: v.hysteresis ?? 0,
  } as RuleCondition;
}

export function toTarget(v: Partial<RuleForm>): { deviceId?: number; deviceClass?: string } {
  if (v.kind === 'plantingRange') return {}; // it watches the park's plantings, through their plots' sensors
  return v.targetType === 'class' ? { deviceClass: v.deviceClass } : { deviceId: v.deviceId };
}

export function toInput(v: RuleForm, groupId: number): AlarmRuleInput {
  const quiet: TimeWindow[] = v.quietStart && v.quietEnd ? [{ start: v.quietStart, end: v.quietEnd }] : [];
  return {
    groupId,
    name: v.name,
    ...toTarget(v),
    condition: toCondition(v),
    windows: [],
    severity: v.severity,
    contactIds: v.contactIds ?? [],
    channels: v.channels ?? [],
    repeatMinutes: v.repeatMinutes ?? 0,
    quietHours: quiet,
    enabled: v.enabled,
  };
}

export function fromRule(r: AlarmRule): Partial<RuleForm> {
  const c = r.condition;
  return {
    name: r.name,
    targetType: r.deviceId !== null ? 'device' : 'class',
    deviceId: r.deviceId ?? undefined,
    deviceClass: r.deviceClass ?? undefined,
    kind: c.kind,
    ...(c.kind === 'threshold'
      ? {
          key: c.key,
          op: c.op,
          value: c.value,
          low: c.low,
          high: c.high,
          forMinutes: c.forMs / MIN,
          hysteresis: c.hysteresis,
        }
      : c.kind === 'offline'
        ? { offlineMinutes: c.forMs / MIN }
        : c.kind === 'trapCount'
          ? { categoryId: c.categoryId, threshold: c.threshold, windowHours: c.windowHours }
          : c.kind === 'zoneFlow'
            ? { deviationPct: c.deviationPct, minRuns: c.minRuns }
            : {}),
    severity: r.severity,
    contactIds: r.contactIds,
    channels: r.channels,
    repeatMinutes: r.repeatMinutes,
    quietStart: r.quietHours[0]?.start,
    quietEnd: r.quietHours[0]?.end,
    enabled: r.enabled,
  };
}
