import type {
  AlarmContact,
  AlarmDetail,
  AlarmPreview,
  AlarmRecord,
  AlarmRule,
  Notice,
  Paged,
  RuleCondition,
  TimeWindow,
} from '@farmpark/contracts';
import { get, type ListParams, post, type RequestOptions } from './request';

/** Alarm rules, records, contacts and notices (server module alarms). */
const A = '/api/merchant/alarm';
const N = '/api/merchant/notice';
type Quiet = Pick<RequestOptions, 'silent'>;
const json = (silent?: boolean): RequestOptions => ({ json: true, silent });

export interface AlarmRuleInput {
  groupId: number;
  name: string;
  deviceId?: number;
  deviceClass?: string;
  condition: RuleCondition;
  windows: TimeWindow[];
  severity: string;
  contactIds: number[];
  channels: string[];
  repeatMinutes: number;
  quietHours: TimeWindow[];
  enabled: boolean;
}

export const getAlarmRuleList = (p: ListParams) => get<Paged<AlarmRule>>(`${A}/getAlarmRuleList`, p);
export const addAlarmRule = (b: AlarmRuleInput, o?: Quiet) => post<AlarmRule>(`${A}/addAlarmRule`, b, json(o?.silent));
export const alterAlarmRule = (b: AlarmRuleInput & { id: number }, o?: Quiet) =>
  post<AlarmRule>(`${A}/alterAlarmRule`, b, json(o?.silent));
export const removeAlarmRule = (ids: number[]) => post<null>(`${A}/removeAlarmRule`, { id: ids }, json());
export const previewAlarmRule = (
  b: Pick<AlarmRuleInput, 'groupId' | 'deviceId' | 'deviceClass' | 'condition' | 'windows'>,
  o?: Quiet,
) => post<AlarmPreview>(`${A}/previewAlarmRule`, b, json(o?.silent));
export interface ContactOption {
  id: number;
  name: string;
  enabled: boolean;
  channels: string[];
}
export const getAlarmContactOptions = (groupId: number) =>
  get<ContactOption[]>(`${A}/getAlarmContactOptions`, { groupId });

export const getAlarmList = (p: ListParams, o?: Quiet) => get<Paged<AlarmRecord>>(`${A}/getAlarmList`, p, o);
export const getAlarmDetail = (id: number) => get<AlarmDetail>(`${A}/getAlarmDetail`, { id });
export const ackAlarm = (ids: number[], comment: string) =>
  post<{ acknowledged: number }>(`${A}/ackAlarm`, { id: ids, comment }, json());
export const getActiveAlarmCount = (groupId: number) =>
  get<{ active: number; open: number }>(`${A}/getActiveAlarmCount`, { groupId }, { silent: true });
export const alarmExportUrl = (filters: Record<string, string | number | undefined>) => {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') qs.set(k, String(v));
  return `${A}/exportAlarmList?${qs}`;
};

export interface AlarmContactInput {
  name: string;
  phone: string;
  email: string;
  webhookUrl: string;
  webhookType: string;
  /** A DingTalk or Feishu bot's signing secret; '' keeps the stored one. */
  webhookSecret?: string;
  webhookSecretClear?: boolean;
  groupIds: number[];
  /** The language of the reports e-mailed to the contact. */
  lang: 'zh' | 'en';
  enabled: boolean;
}
export const getAlarmContactList = (p: ListParams) => get<Paged<AlarmContact>>(`${A}/getAlarmContactList`, p);
export const addAlarmContact = (b: AlarmContactInput, o?: Quiet) =>
  post<{ id: number }>(`${A}/addAlarmContact`, b, json(o?.silent));
export const alterAlarmContact = (b: AlarmContactInput & { id: number }, o?: Quiet) =>
  post<{ id: number }>(`${A}/alterAlarmContact`, b, json(o?.silent));
export const removeAlarmContact = (ids: number[]) => post<null>(`${A}/removeAlarmContact`, { id: ids }, json());

export const getEnableNoticeList = () => get<Notice[]>(`${N}/getEnableNoticeList`, undefined, { silent: true });

export interface NoticeInput {
  title: string;
  body: string;
  startDate: string;
  endDate: string;
  enabled: boolean;
}
export const getNoticeList = (p: ListParams) => get<Paged<Notice>>(`${N}/getNoticeList`, p);
export const addNotice = (b: NoticeInput, o?: Quiet) => post<{ id: number }>(`${N}/addNotice`, b, json(o?.silent));
export const alterNotice = (b: NoticeInput & { id: number }, o?: Quiet) =>
  post<{ id: number }>(`${N}/alterNotice`, b, json(o?.silent));
export const removeNotice = (ids: number[]) => post<null>(`${N}/removeNotice`, { id: ids }, json());
