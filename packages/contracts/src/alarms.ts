import { z } from 'zod';
import { DEVICE_CLASSES } from './deviceClasses';
import { id, idList, pageQuery } from './envelope';
import { named, ruleIssue } from './errorDetail';
import { REPORT_LANGS, type ReportLang } from './reports';
import { boolField, enumField, epochMsField, intField, jsonText, listOf, optional, withDefault } from './requestValues';
import { type AlarmCondition, type RuleCondition, ruleCondition, type TimeWindow, timeWindows } from './rules';

/**
 * Alarms (SPEC /alarm: alarmSet, alarmList, alarmContacts) and merchant notices. Bodies accept JSON
 * and form encoding alike: objects may come as JSON text, lists as comma-separated text.
 */
export const SEVERITIES = ['info', 'warning', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];
/** Channels a rule may use besides the console, which always shows alarms live. */
export const ALARM_CHANNELS = ['email', 'webhook', 'sms'] as const;
export type AlarmChannel = (typeof ALARM_CHANNELS)[number];
export const WEBHOOK_TYPES = ['plain', 'wecom', 'dingtalk', 'feishu'] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];
/** The group bots whose webhook can be guarded by a signing secret (DingTalk 加签, Feishu 签名校验). */
export const SIGNED_WEBHOOK_TYPES: readonly WebhookType[] = ['dingtalk', 'feishu'];
/** What the console is shown of a stored signing secret: never the secret, only its last 4 characters. */
export const maskSecret = (secret: string) =>
  secret === '' ? '' : `••••${secret.length >= 12 ? secret.slice(-4) : ''}`;
export const ALARM_STATES = ['active', 'acknowledged', 'cleared'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];
export const DELIVERY_STATES = ['pending', 'held', 'retrying', 'sent', 'failed', 'skipped'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export const MAX_REPEAT_MINUTES = 1440;

const enabled = withDefault(boolField(), true);
const text = (max: number, min = 0) => z.string().trim().min(min).max(max);

const target = {
  deviceId: optional(id),
  deviceClass: optional(enumField(DEVICE_CLASSES)),
};
/**
 * A rule watches one device, or (no device given) every device of a class in the park. A planting rule
 * watches the park's growing plantings through their plots' sensors: it names no device (one given is not kept).
 */
const oneTarget = (
  v: { deviceId?: number; deviceClass?: string; condition: { kind: string } },
  ctx: z.core.$RefinementCtx,
) => {
  if (v.condition.kind === 'plantingRange') return;
  if (v.deviceId === undefined && v.deviceClass === undefined)
    ctx.addIssue(ruleIssue(['deviceId'], 'eitherOf', { others: 'deviceClass' }));
};
export const alarmRuleFields = z.object({
  groupId: id,
  name: text(100, 1),
  ...target,
  condition: jsonText(ruleCondition),
  /** When the rule may fire; empty = always. */
  windows: withDefault(jsonText(timeWindows), []),
  severity: enumField(SEVERITIES),
  contactIds: listOf(id),
  channels: listOf(enumField(ALARM_CHANNELS)),
  /** Notify again every N minutes until acknowledged; 0 = once. */
  repeatMinutes: withDefault(
    intField((n) => n.min(0).max(MAX_REPEAT_MINUTES)),
    0,
  ),
  /** Non-critical notifications wait until these windows end; empty = none. */
  quietHours: withDefault(jsonText(timeWindows), []),
  enabled,
});
export const addAlarmRuleBody = alarmRuleFields.superRefine(oneTarget);
export type AddAlarmRuleBody = z.infer<typeof addAlarmRuleBody>;
export const alterAlarmRuleBody = alarmRuleFields.extend({ id }).superRefine(oneTarget);
export type AlterAlarmRuleBody = z.infer<typeof alterAlarmRuleBody>;
export const alarmIdsBody = z.object({ id: idList });

export const alarmRuleListQuery = z.object({
  groupId: id,
  keyword: optional(z.string().trim().max(100)),
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
    windows: withDefault(jsonText(timeWindows), []),
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

export const alarmListQuery = z.object({
  groupId: optional(id),
  deviceId: optional(id),
  severity: optional(enumField(SEVERITIES)),
  state: optional(enumField(ALARM_STATES)),
  startTime: optional(epochMsField()),
  endTime: optional(epochMsField()),
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
  condition: AlarmCondition;
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
  /** A bot at its rate limit got this notice inside a digest: the delivery row whose message carried it. */
  digestId: number | null;
}
export interface AlarmDetail extends AlarmRecord {
  deliveries: AlarmDelivery[];
}

export const ackAlarmBody = z.object({
  id: idList,
  comment: text(500),
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

const email = withDefault(
  z
    .string()
    .trim()
    .max(200)
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), named('email')),
  '',
);
const webhookUrl = withDefault(
  z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), named('url')),
  '',
);
const phone = withDefault(
  z
    .string()
    .trim()
    .refine((v) => v === '' || /^\+?[0-9-]{5,20}$/.test(v), named('phone')),
  '',
);

export const alarmContactFields = z.object({
  name: text(64, 1),
  phone,
  email,
  webhookUrl,
  webhookType: withDefault(enumField(WEBHOOK_TYPES), 'plain'),
  /** A DingTalk or Feishu bot's signing secret; '' keeps the stored one (none for a new contact). */
  webhookSecret: withDefault(
    z
      .string()
      .trim()
      .refine((v) => v === '' || /^[\x21-\x7e]{8,128}$/.test(v), named('botSecret')),
    '',
  ),
  /** Removes the stored signing secret (the bot no longer signs). */
  webhookSecretClear: withDefault(boolField(), false),
  groupIds: listOf(id, (a) => a.min(1)),
  /** The language of the reports e-mailed to it (docs/REPORTS.md). */
  lang: withDefault(enumField(REPORT_LANGS), 'zh'),
  enabled,
});
const someWayToReach = (
  v: { phone: string; email: string; webhookUrl: string; webhookType: WebhookType; webhookSecret: string },
  ctx: z.core.$RefinementCtx,
) => {
  if (!v.phone && !v.email && !v.webhookUrl)
    ctx.addIssue(ruleIssue(['email'], 'eitherOf', { others: 'phone,webhookUrl' }));
  if (v.webhookSecret && !SIGNED_WEBHOOK_TYPES.includes(v.webhookType))
    ctx.addIssue(ruleIssue(['webhookSecret'], 'signedBotsOnly'));
};
export const addAlarmContactBody = alarmContactFields.superRefine(someWayToReach);
export type AddAlarmContactBody = z.infer<typeof addAlarmContactBody>;
export const alterAlarmContactBody = alarmContactFields.extend({ id }).superRefine(someWayToReach);
export type AlterAlarmContactBody = z.infer<typeof alterAlarmContactBody>;
export const alarmContactListQuery = z.object({
  keyword: optional(z.string().trim().max(100)),
  groupId: optional(id),
  ...pageQuery.shape,
});
export interface AlarmContact {
  id: number;
  name: string;
  phone: string;
  email: string;
  webhookUrl: string;
  webhookType: WebhookType;
  /** The stored signing secret masked (`maskSecret`), '' when there is none. */
  webhookSecretHint: string;
  groupIds: number[];
  lang: ReportLang;
  enabled: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const noticeFields = z.object({
  title: text(100, 1),
  body: text(2000),
  startDate: z.string().regex(DATE, named('date')),
  endDate: z.string().regex(DATE, named('date')),
  enabled,
});
const ordered = (v: { startDate: string; endDate: string }, ctx: z.core.$RefinementCtx) => {
  if (v.endDate < v.startDate) ctx.addIssue(ruleIssue(['endDate'], 'notBefore', { other: 'startDate' }));
};
export const addNoticeBody = noticeFields.superRefine(ordered);
export type AddNoticeBody = z.infer<typeof addNoticeBody>;
export const alterNoticeBody = noticeFields.extend({ id }).superRefine(ordered);
export type AlterNoticeBody = z.infer<typeof alterNoticeBody>;
export const noticeListQuery = z.object({
  keyword: optional(z.string().trim().max(100)),
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
