import { z } from 'zod';
import { DEVICE_CLASSES } from './deviceClasses';
import { id, idList, pageQuery } from './envelope';
import { jsonText, type RuleCondition, ruleCondition, type TimeWindow, timeWindows } from './rules';

/**
 * Alarms (SPEC /alarm: alarmSet, alarmList, alarmContacts) and merchant notices. Bodies accept JSON
 * and form encoding alike: objects may come as JSON text, lists as comma-separated text.
 */
export const SEVERITIES = ['info', 'warning', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];
/** Channels a rule may use besides the console, which always shows alarms live. */
export const ALARM_CHANNELS = ['email', 'webhook', 'sms'] as const;
export type AlarmChannel = (typeof ALARM_CHANNELS)[number];
export const WEBHOOK_TYPES = ['plain', 'wecom', 'dingtalk'] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];
export const ALARM_STATES = ['active', 'acknowledged', 'cleared'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];
export const DELIVERY_STATES = ['pending', 'held', 'retrying', 'sent', 'failed', 'skipped'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export const MAX_REPEAT_MINUTES = 1440;

/** '' from a form means "not given". */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const csvOf = <T extends z.ZodType>(item: T, field: string) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(item, { error: `${field} must be a list` }),
  );
const flag = z.preprocess(
  (v) => (typeof v === 'string' ? ['1', 'true', 'on', 'yes'].includes(v.toLowerCase()) : v),
  z.boolean({ error: 'must be true or false' }),
);
const text = (field: string, max: number, min = 0) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(min, min === 1 ? `${field} must not be empty` : `${field} must have at least ${min} characters`)
    .max(max, `${field} must be at most ${max} characters`);

const target = {
  deviceId: z.preprocess(blank, id.optional()),
  deviceClass: z.preprocess(
    blank,
    z.enum(DEVICE_CLASSES, { error: `deviceClass must be one of ${DEVICE_CLASSES.join(', ')}` }).optional(),
  ),
};
/** A rule watches one device, or (no device given) every device of a class in the park. */
const oneTarget = (v: { deviceId?: number; deviceClass?: string }, ctx: z.core.$RefinementCtx) => {
  if (v.deviceId === undefined && v.deviceClass === undefined)
    ctx.addIssue({ code: 'custom', path: ['deviceId'], message: 'give a device, or a device class' });
};
export const alarmRuleFields = z.object({
  groupId: id,
  name: text('name', 100, 1),
  ...target,
  condition: jsonText(ruleCondition),
  /** When the rule may fire; empty = always. */
  windows: jsonText(timeWindows).default([]),
  severity: z.enum(SEVERITIES, { error: `severity must be one of ${SEVERITIES.join(', ')}` }),
  contactIds: csvOf(id, 'contactIds').default([]),
  channels: csvOf(z.enum(ALARM_CHANNELS, { error: `channels are ${ALARM_CHANNELS.join(', ')}` }), 'channels').default(
    [],
  ),
  /** Notify again every N minutes until acknowledged; 0 = once. */
  repeatMinutes: z.coerce
    .number({ error: 'repeatMinutes must be a number' })
    .int('repeatMinutes must be whole minutes')
    .min(0, 'repeatMinutes must not be negative')
    .max(MAX_REPEAT_MINUTES, `repeatMinutes must be at most ${MAX_REPEAT_MINUTES}`)
    .default(0),
  /** Non-critical notifications wait until these windows end; empty = none. */
  quietHours: jsonText(timeWindows).default([]),
  enabled: flag.default(true),
});
export const addAlarmRuleBody = alarmRuleFields.superRefine(oneTarget);
export type AddAlarmRuleBody = z.infer<typeof addAlarmRuleBody>;
export const alterAlarmRuleBody = alarmRuleFields.extend({ id }).superRefine(oneTarget);
export type AlterAlarmRuleBody = z.infer<typeof alterAlarmRuleBody>;
export const alarmIdsBody = z.object({ id: idList });

export const alarmRuleListQuery = z.object({
  groupId: id,
  keyword: z.preprocess(blank, z.string().trim().max(100).optional()),
  ...pageQuery.shape,
});
export const alarmIdQuery = z.object({ id });

export interface AlarmRule {
  id: number;
  groupId: number;
  name: string;
  deviceId: number | null;
  deviceName: string | null;
  deviceClass: string | null;
  condition: RuleCondition;
  windows: TimeWindow[];
  severity: Severity;
  contactIds: number[];
  channels: AlarmChannel[];
  repeatMinutes: number;
  quietHours: TimeWindow[];
  enabled: boolean;
  /** Alarms of this rule not yet cleared. */
  openAlarms: number;
  updatedAt: number;
}

export const previewAlarmRuleBody = z
  .object({
    groupId: id,
    ...target,
    condition: jsonText(ruleCondition),
    windows: jsonText(timeWindows).default([]),
  })
  .superRefine(oneTarget);
export type PreviewAlarmRuleBody = z.infer<typeof previewAlarmRuleBody>;
/** The preview looks this far back. */
export const PREVIEW_RANGE_MS = 7 * 86_400_000;
/** A class rule previews at most this many devices of the park. */
export const PREVIEW_MAX_DEVICES = 10;
export interface PreviewEvent {
  ts: number;
  type: 'fire' | 'clear';
  value: number | null;
}
export interface AlarmPreview {
  startTime: number;
  endTime: number;
  devices: {
    deviceId: number;
    deviceName: string;
    /** 'raw' or 'hour' (averages) when raw data was too dense. */
    source: 'raw' | 'hour';
    /** The data the rule ran over, thinned for the chart to at most about 2,000 points: [ts, value]. */
    points: [number, number][];
    events: PreviewEvent[];
  }[];
}

const epochMs = (field: string) =>
  z.preprocess(
    (v) => {
      if (v === '' || v === null || v === undefined) return undefined;
      if (typeof v === 'string' && /^\d+$/.test(v.trim())) return Number(v);
      if (typeof v === 'string') {
        const t = Date.parse(v);
        return Number.isNaN(t) ? v : t;
      }
      return v;
    },
    z
      .number({ error: `${field} must be epoch milliseconds or an ISO 8601 time` })
      .int()
      .min(0)
      .optional(),
  );

export const alarmListQuery = z.object({
  groupId: z.preprocess(blank, id.optional()),
  deviceId: z.preprocess(blank, id.optional()),
  severity: z.preprocess(
    blank,
    z.enum(SEVERITIES, { error: `severity must be one of ${SEVERITIES.join(', ')}` }).optional(),
  ),
  state: z.preprocess(
    blank,
    z.enum(ALARM_STATES, { error: `state must be one of ${ALARM_STATES.join(', ')}` }).optional(),
  ),
  startTime: epochMs('startTime'),
  endTime: epochMs('endTime'),
  ...pageQuery.shape,
});
export type AlarmListQuery = z.infer<typeof alarmListQuery>;

export interface AlarmRecord {
  id: number;
  groupId: number;
  groupName: string;
  ruleId: number;
  ruleName: string;
  deviceId: number;
  deviceName: string;
  serial: string;
  /** Parameter key ('' for offline rules). */
  key: string;
  condition: RuleCondition;
  severity: Severity;
  value: number | null;
  state: AlarmState;
  raisedAt: number;
  ackedAt: number | null;
  ackedBy: string;
  ackComment: string;
  clearedAt: number | null;
  clearedValue: number | null;
  notifyCount: number;
}
export interface AlarmDelivery {
  id: number;
  contactId: number | null;
  contactName: string;
  channel: 'console' | AlarmChannel;
  target: string;
  event: 'raised' | 'repeat' | 'cleared';
  state: DeliveryState;
  attempts: number;
  lastError: string;
  createdAt: number;
  nextAt: number;
  sentAt: number | null;
}
export interface AlarmDetail extends AlarmRecord {
  deliveries: AlarmDelivery[];
}

export const ackAlarmBody = z.object({
  id: idList,
  comment: text('comment', 500),
});

export const activeAlarmCountQuery = z.object({ groupId: id });

/** Live on `web/{merchantId}/{groupId}/alarm`. */
export interface AlarmLiveMessage {
  alarmId: number;
  event: 'raised' | 'repeat' | 'acknowledged' | 'cleared';
  ruleName: string;
  deviceId: number;
  deviceName: string;
  key: string;
  severity: Severity;
  value: number | null;
  ts: number;
  /** Alarms of the park not yet cleared, after this event. */
  openCount: number;
}

const email = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z
    .string()
    .trim()
    .max(200, 'email must be at most 200 characters')
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'email must be an e-mail address'),
);
const webhookUrl = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z
    .string()
    .trim()
    .max(500, 'webhookUrl must be at most 500 characters')
    .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), 'webhookUrl must be an http:// or https:// URL'),
);
const phone = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z
    .string()
    .trim()
    .refine((v) => v === '' || /^\+?[0-9-]{5,20}$/.test(v), 'phone must be 5 to 20 digits, optionally with + and -'),
);

export const alarmContactFields = z.object({
  name: text('name', 64, 1),
  phone,
  email,
  webhookUrl,
  webhookType: z.preprocess(
    blank,
    z.enum(WEBHOOK_TYPES, { error: `webhookType must be one of ${WEBHOOK_TYPES.join(', ')}` }).default('plain'),
  ),
  groupIds: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean)
        : v,
    z.array(id, { error: 'groupIds must be a list' }).min(1, 'groupIds must name at least one park'),
  ),
  enabled: flag.default(true),
});
const someWayToReach = (v: { phone: string; email: string; webhookUrl: string }, ctx: z.core.$RefinementCtx) => {
  if (!v.phone && !v.email && !v.webhookUrl)
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'email: give a phone, an e-mail or a webhook' });
};
export const addAlarmContactBody = alarmContactFields.superRefine(someWayToReach);
export type AddAlarmContactBody = z.infer<typeof addAlarmContactBody>;
export const alterAlarmContactBody = alarmContactFields.extend({ id }).superRefine(someWayToReach);
export type AlterAlarmContactBody = z.infer<typeof alterAlarmContactBody>;
export const alarmContactListQuery = z.object({
  keyword: z.preprocess(blank, z.string().trim().max(100).optional()),
  groupId: z.preprocess(blank, id.optional()),
  ...pageQuery.shape,
});
export interface AlarmContact {
  id: number;
  name: string;
  phone: string;
  email: string;
  webhookUrl: string;
  webhookType: WebhookType;
  groupIds: number[];
  enabled: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const noticeFields = z.object({
  title: text('title', 100, 1),
  body: text('body', 2000),
  startDate: z.string().regex(DATE, 'startDate must be YYYY-MM-DD'),
  endDate: z.string().regex(DATE, 'endDate must be YYYY-MM-DD'),
  enabled: flag.default(true),
});
const ordered = (v: { startDate: string; endDate: string }, ctx: z.core.$RefinementCtx) => {
  if (v.endDate < v.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endDate must not be before startDate' });
};
export const addNoticeBody = noticeFields.superRefine(ordered);
export type AddNoticeBody = z.infer<typeof addNoticeBody>;
export const alterNoticeBody = noticeFields.extend({ id }).superRefine(ordered);
export type AlterNoticeBody = z.infer<typeof alterNoticeBody>;
export const noticeListQuery = z.object({
  keyword: z.preprocess(blank, z.string().trim().max(100).optional()),
  ...pageQuery.shape,
});
export interface Notice {
  id: number;
  title: string;
  body: string;
  startDate: string;
  endDate: string;
  enabled: boolean;
  updatedAt: number;
}
