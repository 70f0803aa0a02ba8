import { z } from 'zod';
import { enumField, intField, listOf, numberField, optional, withDefault } from './requestValues';

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

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const timeWindow = z
  .object({
    start: z.string().regex(HHMM, 'start must be HH:mm (00:00 to 23:59)'),
    end: z.string().regex(HHMM, 'end must be HH:mm (00:00 to 23:59)'),
    /** ISO weekdays 1 (Monday) to 7 (Sunday) on which the window opens; all days when absent. */
    days: optional(
      listOf(
        intField((n) => n.min(1, 'days are 1 (Monday) to 7 (Sunday)').max(7, 'days are 1 (Monday) to 7 (Sunday)')),
        (a) => a.min(1, 'days must name at least one day, or be left out for every day'),
      ),
    ),
  })
  .refine((w) => w.start !== w.end, { message: 'end must differ from start', path: ['end'] });
export type TimeWindow = z.infer<typeof timeWindow>;
export const timeWindows = z.array(timeWindow).max(10, 'at most 10 time windows');

const duration = (field: string, min: number) =>
  intField((n) =>
    n.min(min, `${field} must be at least ${min} ms`).max(MAX_RULE_DURATION_MS, `${field} must be at most 7 days`),
  );

export const thresholdCondition = z
  .object({
    kind: z.literal('threshold'),
    key: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'key must be a parameter key'),
    op: enumField(THRESHOLD_OPS),
    value: optional(numberField()),
    low: optional(numberField()),
    high: optional(numberField()),
    forMs: withDefault(duration('forMs', 0), 0),
    hysteresis: withDefault(
      numberField((n) => n.min(0, 'hysteresis must not be negative')),
      0,
    ),
  })
  .superRefine((c, ctx) => {
    if (c.op === 'above' || c.op === 'below') {
      if (c.value === undefined)
        ctx.addIssue({ code: 'custom', path: ['value'], message: `value is required for ${c.op}` });
      return;
    }
    if (c.low === undefined) ctx.addIssue({ code: 'custom', path: ['low'], message: `low is required for ${c.op}` });
    if (c.high === undefined) ctx.addIssue({ code: 'custom', path: ['high'], message: `high is required for ${c.op}` });
    if (c.low !== undefined && c.high !== undefined && c.low >= c.high)
      ctx.addIssue({
        code: 'custom',
        path: ['high'],
        message: 'high must be greater than low',
        params: { rule: 'lowAboveHigh' },
      });
    if (c.op === 'outside' && c.low !== undefined && c.high !== undefined && 2 * c.hysteresis >= c.high - c.low)
      ctx.addIssue({
        code: 'custom',
        path: ['hysteresis'],
        message: 'hysteresis must be less than half of high - low',
      });
  });
export type ThresholdCondition = z.infer<typeof thresholdCondition>;

export const offlineCondition = z.object({
  kind: z.literal('offline'),
  forMs: duration('forMs', MIN_OFFLINE_MS),
});
export type OfflineCondition = z.infer<typeof offlineCondition>;

export const ruleCondition = z.discriminatedUnion('kind', [thresholdCondition, offlineCondition], {
  error: 'condition.kind must be threshold or offline',
});
export type RuleCondition = z.infer<typeof ruleCondition>;

/** Who owns a rule: each kind has its own action handler on the server. */
export const RULE_KINDS = ['alarm', 'automation', 'smartIrrigation'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/** What a rule watches: one device, or every device of a class in the rule's park. */
export type RuleTarget = { deviceId: number } | { deviceClass: string };
