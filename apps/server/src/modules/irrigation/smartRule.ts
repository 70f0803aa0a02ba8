import { type SmartRule, type SmartRuleBody, type ThresholdCondition, timeWindows } from '@farmpark/contracts';
import { z } from 'zod';
import { encodeRule, type RuleDraft, type StoredRule } from '../../rules/store';

/**
 * A smart irrigation rule in the rule store: "sensor below startBelow" with hysteresis up to
 * stopAbove (fires below X, clears above Y); the machine, zones, limits and the rule's own windows
 * are its `config`. Its windows are checked by the handler, not the evaluator, so the decision log
 * can say "outside window" (the store's windows stay empty).
 */
export const smartConfig = z.object({
  machineId: z.number(),
  zones: z.array(z.number()),
  maxDurationMin: z.number(),
  restMin: z.number(),
  // rules saved before the daily caps existed have none
  maxRunsPerDay: z.number().default(0),
  maxWaterPerDayM3: z.number().default(0),
  windows: timeWindows.default([]),
  rainMm: z.number(),
  rainHours: z.number(),
  /**
   * A deficit rule (mode deficit): its condition is "deficitMm above N", judged by smartDeficit.ts on the rule
   * job's tick (no device reports that key, so the evaluator never fires it on a reading); the bound sensor
   * only says the soil is wet (`wetKey` at `wetAbove` or more). Absent: a moisture rule.
   */
  deficit: z.object({ wetKey: z.string(), wetAbove: z.number() }).nullable().default(null),
});
export type SmartConfig = z.infer<typeof smartConfig>;
export type StoredSmartRule = StoredRule<SmartConfig, ThresholdCondition>;

/** The condition key of a deficit rule: no device reports it. */
export const DEFICIT_KEY = 'deficitMm';

export function smartRuleDraft(body: SmartRuleBody, groupId: number): RuleDraft<SmartConfig, ThresholdCondition> {
  const byDeficit = body.mode === 'deficit' && body.deficitMm !== undefined;
  return {
    groupId,
    name: body.name,
    deviceId: body.sensorId,
    deviceClass: null,
    condition: byDeficit
      ? { kind: 'threshold', key: DEFICIT_KEY, op: 'above', value: body.deficitMm, forMs: 0, hysteresis: 0 }
      : {
          kind: 'threshold',
          key: body.sensorKey,
          op: 'below',
          value: body.startBelow,
          forMs: 0,
          hysteresis: body.stopAbove - body.startBelow,
        },
    windows: [],
    config: {
      machineId: body.machineId,
      zones: body.zones,
      maxDurationMin: body.maxDurationMin,
      restMin: body.restMin,
      maxRunsPerDay: body.maxRunsPerDay,
      maxWaterPerDayM3: body.maxWaterPerDayM3,
      windows: body.windows,
      rainMm: body.rainMm,
      rainHours: body.rainHours,
      deficit: byDeficit ? { wetKey: body.sensorKey, wetAbove: body.stopAbove } : null,
    },
    enabled: body.enabled,
  };
}

/** The `rules` columns of a smart rule (the demo seed writes them in its own transaction). */
export function smartRuleColumns(body: SmartRuleBody) {
  const { group_id, ...columns } = encodeRule(smartRuleDraft(body, 0));
  return columns;
}

/** The moisture that stops a run: the start threshold plus the hysteresis. */
export const stopAboveOf = (c: ThresholdCondition) => (c.value as number) + c.hysteresis;

/** The rule as the console shows it, with the names and live facts around it. */
export function toSmartRule(
  r: StoredSmartRule,
  around: { machineName: string; sensorName: string; sensorValue: number | null; activeRunId: number | null },
): SmartRule {
  const cfg = r.config;
  const deficit = cfg.deficit
    ? { mode: 'deficit' as const, sensorKey: cfg.deficit.wetKey, startBelow: 0, stopAbove: cfg.deficit.wetAbove }
    : { mode: 'moisture' as const, sensorKey: r.condition.key, startBelow: r.condition.value as number };
  return {
    ruleId: r.id,
    groupId: r.groupId,
    name: r.name,
    machineId: cfg.machineId,
    machineName: around.machineName,
    zones: cfg.zones,
    sensorId: r.deviceId ?? 0,
    sensorName: around.sensorName,
    stopAbove: stopAboveOf(r.condition),
    maxDurationMin: cfg.maxDurationMin,
    restMin: cfg.restMin,
    maxRunsPerDay: cfg.maxRunsPerDay,
    maxWaterPerDayM3: cfg.maxWaterPerDayM3,
    windows: cfg.windows,
    rainMm: cfg.rainMm,
    rainHours: cfg.rainHours,
    ...(cfg.deficit ? { deficitMm: r.condition.value as number } : {}),
    ...deficit,
    enabled: r.enabled,
    sensorValue: around.sensorValue,
    activeRunId: around.activeRunId,
  };
}
