import { z } from 'zod';
import { named, refinement, ruleIssue } from './errorDetail';
import { enumField, hhmmField, idField, intField, listOf, numberField, optional, withDefault } from './requestValues';

/**
 * Conditions of the one rule evaluator, shared by alarm rules, greenhouse automation and smart
 * irrigation (server `apps/server/src/rules/`). A threshold holds while a parameter is above, below,
 * between or outside limits; it must hold for `forMs` before the rule fires, and clears only once the
 * value is back past the limit by `hysteresis`. An offline condition holds while a device has been
 * silent for `forMs`. Time windows (local time of the server's TZ_NAME) limit when a rule may fire.
 */
export const THRESHOLD_OPS = ['above', 'below', 'between', 'outside'] as const;
export type ThresholdOp = (typeof THRESHOLD_OPS)[number];

/** Offline rules need at least a minute: devices report at most about once a minute. */
export const MIN_OFFLINE_MS = 60_000;
/** A duration longer than a week is a mistake, not a rule. */
export const MAX_RULE_DURATION_MS = 7 * 86_400_000;

export const timeWindow = z
  .object({
    start: hhmmField(),
    end: hhmmField(),
    /** ISO weekdays 1 (Monday) to 7 (Sunday) on which the window opens; all days when absent. */
    days: optional(
      listOf(
        intField((n) => n.min(1).max(7)),
        (a) => a.min(1),
      ),
    ),
  })
  .refine((w) => w.start !== w.end, refinement('differs', { other: 'start' }, ['end']));
export type TimeWindow = z.infer<typeof timeWindow>;
export const timeWindows = z.array(timeWindow).max(10);

const duration = (min: number) => intField((n) => n.min(min).max(MAX_RULE_DURATION_MS));

/** A device's work window (workStart, workEnd) is given whole or not at all. */
export function workWindowTogether(b: { workStart?: string; workEnd?: string }, ctx: z.core.$RefinementCtx): void {
  if ((b.workStart === undefined) !== (b.workEnd === undefined))
    ctx.addIssue(
      b.workStart === undefined
        ? ruleIssue(['workStart'], 'together', { others: 'workEnd' })
        : ruleIssue(['workEnd'], 'together', { others: 'workStart' }),
    );
}

export const thresholdCondition = z
  .object({
    kind: z.literal('threshold'),
    key: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/),
    op: enumField(THRESHOLD_OPS),
    value: optional(numberField()),
    low: optional(numberField()),
    high: optional(numberField()),
    forMs: withDefault(duration(0), 0),
    hysteresis: withDefault(
      numberField((n) => n.min(0)),
      0,
    ),
  })
  .superRefine((c, ctx) => {
    if (c.op === 'above' || c.op === 'below') {
      if (c.value === undefined) ctx.addIssue(ruleIssue(['value'], 'required'));
      return;
    }
    if (c.low === undefined) ctx.addIssue(ruleIssue(['low'], 'required'));
    if (c.high === undefined) ctx.addIssue(ruleIssue(['high'], 'required'));
    if (c.low !== undefined && c.high !== undefined && c.low >= c.high)
      ctx.addIssue(ruleIssue(['high'], 'lowAboveHigh'));
    if (c.op === 'outside' && c.low !== undefined && c.high !== undefined && 2 * c.hysteresis >= c.high - c.low)
      ctx.addIssue(ruleIssue(['hysteresis'], 'hysteresis'));
  });
export type ThresholdCondition = z.infer<typeof thresholdCondition>;

export const offlineCondition = z.object({
  kind: z.literal('offline'),
  forMs: duration(MIN_OFFLINE_MS),
});
export type OfflineCondition = z.infer<typeof offlineCondition>;

/**
 * An alarm rule for the park's growing plantings (issue 24, point 8): a parameter out of its current stage's
 * ideal range for the hours its growth standard allows. It has no device or limits of its own (the standard
 * and the plot's sensors give them) and is judged hourly from the rollups, not by the rule engine.
 */
export const plantingRangeCondition = z.object({ kind: z.literal('plantingRange') });

/** The longest rolling window a trap count is summed over: 30 days, as a planting's hours out of range. */
export const MAX_TRAP_WINDOW_HOURS = 720;

/**
 * An alarm rule for insect and spore traps (issue 27, point 3): the detections of one pest category, after the
 * staff's corrections, on the pictures a trap took in the last `windowHours`, at or above `threshold`. It targets
 * a trap or every trap of a class like any device rule; the category must be the merchant's and of the trap's
 * kind (the server checks). Judged hourly from the detections, not by the rule engine.
 */
export const trapCountCondition = z.object({
  kind: z.literal('trapCount'),
  categoryId: idField(),
  threshold: intField((n) => n.min(1)),
  windowHours: intField((n) => n.min(1).max(MAX_TRAP_WINDOW_HOURS)),
});
export type TrapCountCondition = z.infer<typeof trapCountCondition>;

/** The machines whose runs a flow rule watches: those with a flow meter (a valve controller has none). */
export const FLOW_METERED_CLASSES = ['waterFertilizer', 'smartIrrigation'] as const;

/**
 * An alarm rule for the irrigation machines' flow (issue 26, point 4): each zone's usual flow is learned from
 * its past runs (the median of the mean flow of its last runs, once there are `minRuns`); a finished run whose
 * mean flow is off by more than `deviationPct` percent (low: a clog; high: a leak or burst) raises an alarm, as
 * do flow while every valve is closed and no flow while a run has a valve open. It targets a machine or every
 * metered machine of a class like any device rule. Judged by the server on the rule job's tick, not per reading.
 */
export const zoneFlowCondition = z.object({
  kind: z.literal('zoneFlow'),
  deviationPct: withDefault(
    intField((n) => n.min(10).max(90)),
    30,
  ),
  minRuns: withDefault(
    intField((n) => n.min(1).max(10)),
    3,
  ),
});
export type ZoneFlowCondition = z.infer<typeof zoneFlowCondition>;

export const ruleCondition = z.discriminatedUnion(
  'kind',
  [thresholdCondition, offlineCondition, plantingRangeCondition, trapCountCondition, zoneFlowCondition],
  {
    error: named('oneOf'),
  },
);
export type RuleCondition = z.infer<typeof ruleCondition>;

/** What a planting alarm was about, as the server judged it (kept on the alarm; never sent by a client). */
export interface PlantingAlarmSubject {
  plantingId: number;
  cropName: string;
  plotName: string;
  stageName: string;
  key: string;
  min: number | null;
  max: number | null;
  /** Consecutive hours out of range when the alarm was raised. */
  hours: number;
}
export interface PlantingAlarmCondition {
  kind: 'plantingRange';
  /** Absent on the rule itself, present on each of its alarms. */
  planting?: PlantingAlarmSubject;
}
/** What a trap count alarm was about, as the server judged it (kept on the alarm; never sent by a client). */
export interface TrapAlarmSubject {
  categoryName: string;
  /** Detections of the category in the window when the alarm was raised. */
  count: number;
  threshold: number;
  windowHours: number;
}
export interface TrapAlarmCondition extends TrapCountCondition {
  /** Absent on the rule itself, present on each of its alarms. */
  trap?: TrapAlarmSubject;
}
/**
 * What a flow alarm was about (kept on the alarm; never sent by a client): `low` / `high` a finished run's
 * mean flow against the zone's usual; `noFlow` a run with a valve open and no flow; `closedFlow` flow while
 * every valve is closed. Flows in m³/h, pressures in MPa (null where the machine reports none).
 */
export const FLOW_FINDINGS = ['low', 'high', 'noFlow', 'closedFlow'] as const;
export type FlowFinding = (typeof FLOW_FINDINGS)[number];
export interface FlowAlarmSubject {
  finding: FlowFinding;
  /** The run judged (null for flow with every valve closed). */
  runId: number | null;
  zones: number[];
  flow: number;
  usualFlow: number | null;
  pressure: number | null;
  usualPressure: number | null;
  /** How far the flow is off its usual, percent (signed); null when there is no usual to compare with. */
  offPct: number | null;
}
export interface ZoneFlowAlarmCondition extends ZoneFlowCondition {
  /** Absent on the rule itself, present on each of its alarms. */
  flow?: FlowAlarmSubject;
}
/** An alarm's copy of its condition: its rule's, or a planting, trap or flow alarm's with what it was about. */
export type AlarmCondition =
  | Exclude<RuleCondition, { kind: 'plantingRange' | 'trapCount' | 'zoneFlow' }>
  | PlantingAlarmCondition
  | TrapAlarmCondition
  | ZoneFlowAlarmCondition;

/**
 * Condition kinds the rule engine never evaluates per reading: their owners judge them on the rule job's tick
 * (production/core/plantingAlarms.ts, pests/trapAlarms.ts, irrigation/flowAlarms.ts); a preview has nothing
 * to replay for them.
 */
export const OWNER_JUDGED_KINDS = ['plantingRange', 'trapCount', 'zoneFlow'] as const;
export type OwnerJudgedKind = (typeof OWNER_JUDGED_KINDS)[number];
export function isOwnerJudged(kind: string | undefined): kind is OwnerJudgedKind;
export function isOwnerJudged<C extends { kind: string }>(
  condition: C,
): condition is Extract<C, { kind: OwnerJudgedKind }>;
// a form not yet given a kind asks with undefined: no kind is owner-judged
export function isOwnerJudged(c: string | undefined | { kind: string }): boolean {
  const kind = typeof c === 'object' ? c.kind : c;
  return kind !== undefined && (OWNER_JUDGED_KINDS as readonly string[]).includes(kind);
}
/** Who owns a rule: each kind has its own action handler on the server. */
export const RULE_KINDS = ['alarm', 'automation', 'smartIrrigation'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/** What a rule watches: one device, or every device of a class in the rule's park. */
export type RuleTarget = { deviceId: number } | { deviceClass: string };
