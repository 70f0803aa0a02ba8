import type { Generated } from 'kysely';
import type { Id, Ms } from './columnTypes';

/** Tables of migration 0005 (rules, alarms, contacts, notices); joined into `Database` in schema.ts. */

export interface RulesTable {
  id: Id;
  merchant_id: number;
  group_id: number;
  owner_kind: string;
  name: string;
  device_id: number | null;
  device_class: string | null;
  /** JSON RuleCondition. */
  condition: string;
  /** JSON TimeWindow[]. */
  windows: Generated<string>;
  /** JSON, the owner kind's settings. */
  config: Generated<string>;
  enabled: Generated<number>;
  created_at: Ms;
  updated_at: Ms;
}

export interface RuleStateTable {
  rule_id: number;
  device_id: number;
  pending_since: Ms | null;
  active: number;
  last_value: number | null;
  last_ts: Ms | null;
  evaluated_at: Ms;
}

export interface AlarmContactsTable {
  id: Id;
  merchant_id: number;
  name: string;
  phone: string;
  email: string;
  webhook_url: string;
  webhook_type: string;
  webhook_secret: Generated<string>;
  /** The language of the reports it is sent ('zh' or 'en'; migration 2026_11_29_98). */
  lang: Generated<string>;
  enabled: number;
  created_at: Ms;
}

export interface AlarmContactGroupsTable {
  contact_id: number;
  group_id: number;
}

export interface AlarmsTable {
  id: Id;
  merchant_id: number;
  group_id: number;
  rule_id: number;
  device_id: number;
  rule_name: string;
  device_name: string;
  device_serial: string;
  param_key: string;
  condition: string;
  severity: string;
  value: number | null;
  state: string;
  open_key: string | null;
  raised_at: Ms;
  acked_at: Ms | null;
  acked_by: number | null;
  acked_by_name: Generated<string>;
  ack_comment: Generated<string>;
  cleared_at: Ms | null;
  cleared_value: number | null;
  notify_count: Generated<number>;
  last_notified_at: Ms | null;
}

export interface AlarmDeliveriesTable {
  id: Id;
  alarm_id: number;
  contact_id: number | null;
  contact_name: string;
  channel: string;
  target: string;
  event: string;
  state: string;
  attempts: Generated<number>;
  next_at: Ms;
  last_error: Generated<string>;
  subject: string;
  body: string;
  created_at: Ms;
  sent_at: Ms | null;
  digest_id: number | null;
}

export interface NoticesTable {
  id: Id;
  merchant_id: number;
  title: string;
  body: string;
  start_date: string;
  end_date: string;
  enabled: number;
  created_at: Ms;
  updated_at: Ms;
}

export interface RulesAlarmsTables {
  rules: RulesTable;
  rule_state: RuleStateTable;
  alarm_contacts: AlarmContactsTable;
  alarm_contact_groups: AlarmContactGroupsTable;
  alarms: AlarmsTable;
  alarm_deliveries: AlarmDeliveriesTable;
  notices: NoticesTable;
}
