import {
  type AlarmCondition,
  type AlarmDelivery,
  type AlarmDetail,
  type AlarmListQuery,
  type AlarmRecord,
  type AlarmState,
  Code,
  type FlowAlarmSubject,
  type LocalizedText,
  type Paged,
  type PlantingAlarmSubject,
  ruleCondition,
  type Severity,
  type TrapAlarmSubject,
} from '@farmpark/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { AlarmsTable } from '../../db/rulesAlarmsSchema';
import { ApiError, notFound } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import type { ExportColumn, ExportRow } from '../../http/exportWriter';
import { requirePark, requireParkIfGiven, scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import { type AuditTarget, audited } from '../systemLog/service';
import type { AlarmLifecycle } from './lifecycle';
import { deliveriesOf } from './outbox';
import * as repo from './repo';

type Row = Selectable<AlarmsTable> & { group_name: string | null };

/** The alarm's copy of its condition; a planting, trap or flow alarm keeps what it was about, which a rule never carries. */
function alarmCondition(text: string): AlarmCondition {
  const raw = JSON.parse(text) as { planting?: PlantingAlarmSubject; trap?: TrapAlarmSubject; flow?: FlowAlarmSubject };
  const c = ruleCondition.parse(raw);
  if (c.kind === 'plantingRange' && raw.planting) return { ...c, planting: raw.planting };
  if (c.kind === 'trapCount' && raw.trap) return { ...c, trap: raw.trap };
  if (c.kind === 'zoneFlow' && raw.flow) return { ...c, flow: raw.flow };
  return c;
}

function toRecord(r: Row): AlarmRecord {
  return {
    id: r.id,
    groupId: r.group_id,
    groupName: r.group_name ?? '',
    ruleId: r.rule_id,
    ruleName: r.rule_name,
    deviceId: r.device_id,
    deviceName: r.device_name,
    serial: r.device_serial,
    key: r.param_key,
    condition: alarmCondition(r.condition),
    severity: r.severity as Severity,
    value: r.value,
    state: r.state as AlarmState,
    raisedAt: r.raised_at,
    ackedAt: r.acked_at,
    ackedBy: r.acked_by_name,
    ackComment: r.ack_comment,
    clearedAt: r.cleared_at,
    clearedValue: r.cleared_value,
    notifyCount: r.notify_count,
  };
}

export async function listAlarms(db: Db, auth: AuthContext, q: AlarmListQuery): Promise<Paged<AlarmRecord>> {
  requireParkIfGiven(auth, q.groupId);
  const { rows, total } = await repo.listAlarms(db, scopeOf(auth), q);
  return { list: rows.map(toRecord), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function alarmDetail(db: Db, auth: AuthContext, id: number): Promise<AlarmDetail> {
  const [row] = await repo.visibleAlarms(db, scopeOf(auth), [id]);
  if (!row) throw notFound(`id ${id}: alarm`);
  const deliveries: AlarmDelivery[] = (await deliveriesOf(db, [id])).map((d) => ({
    id: d.id,
    contactId: d.contact_id,
    contactName: d.contact_name,
    channel: d.channel as AlarmDelivery['channel'],
    target: d.target,
    event: d.event as AlarmDelivery['event'],
    state: d.state as AlarmDelivery['state'],
    attempts: d.attempts,
    lastError: d.last_error,
    createdAt: d.created_at,
    nextAt: d.next_at,
    sentAt: d.sent_at,
    digestId: d.digest_id,
  }));
  return { ...toRecord(row), deliveries };
}

export async function activeCount(
  db: Db,
  auth: AuthContext,
  groupId: number,
): Promise<{ active: number; open: number }> {
  requirePark(auth, groupId);
  const rows = await repo.openAlarmsByState(db, scopeOf(auth), groupId);
  const of = (s: string) => Number(rows.find((r) => r.state === s)?.n ?? 0);
  return { active: of('active'), open: of('active') + of('acknowledged') };
}

/**
 * Acknowledges alarms: who, when, with what comment. An active alarm becomes acknowledged (its
 * repeats stop); one that already cleared keeps `cleared` but records who acknowledged it.
 */
export function acknowledge(
  db: Db,
  lifecycle: AlarmLifecycle,
  auth: AuthContext,
  ids: number[],
  comment: string,
  meta: ClientMeta,
) {
  const target: AuditTarget = { action: 'alarm.ack', targetType: 'alarm', targetId: ids.join(','), detail: comment };
  return audited(db, auth, meta, target, async () => {
    const rows = await repo.visibleAlarms(db, scopeOf(auth), ids);
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length > 0) throw notFound(`id ${missing.join(', ')}: alarm`);
    const todo = rows.filter((r) => r.acked_at === null);
    if (todo.length === 0) throw new ApiError(Code.CONFLICT, { en: 'id: already acknowledged', zh: 'id：告警已确认' });
    const at = Date.now();
    const by = (await repo.userName(db, auth.userId)) || auth.loginName;
    for (const r of todo) {
      await repo.setAlarm(
        db,
        r.id,
        {
          acked_at: at,
          acked_by: auth.userId,
          acked_by_name: by,
          ack_comment: comment,
          ...(r.state === 'active' ? { state: 'acknowledged' } : {}),
        },
        { unacked: true },
      );
      await lifecycle.live({ ...r, state: r.state === 'active' ? 'acknowledged' : r.state }, 'acknowledged', at);
    }
    return { acknowledged: todo.length };
  });
}

/** The alarm records export, with severities and states as the console words them. */
/** How a person reads each severity (exports and park reports). */
export const SEVERITY_VALUES: Record<Severity, LocalizedText> = {
  info: { zh: '提示', en: 'Info' },
  warning: { zh: '警告', en: 'Warning' },
  critical: { zh: '严重', en: 'Critical' },
};

export const ALARM_EXPORT_COLUMNS: ExportColumn[] = [
  { key: 'id', header: { zh: '编号', en: 'Id' }, width: 8 },
  { key: 'raisedAt', header: { zh: '告警时间', en: 'Raised at' }, width: 20, time: true },
  { key: 'park', header: { zh: '园区', en: 'Park' } },
  { key: 'device', header: { zh: '设备名称', en: 'Device' } },
  { key: 'serial', header: { zh: '设备编号', en: 'Serial' } },
  { key: 'rule', header: { zh: '告警规则', en: 'Rule' } },
  { key: 'parameter', header: { zh: '参数', en: 'Parameter' } },
  {
    key: 'severity',
    header: { zh: '级别', en: 'Severity' },
    values: SEVERITY_VALUES,
  },
  { key: 'value', header: { zh: '触发值', en: 'Value' } },
  {
    key: 'state',
    header: { zh: '状态', en: 'State' },
    values: {
      active: { zh: '告警中', en: 'Active' },
      acknowledged: { zh: '已确认', en: 'Acknowledged' },
      cleared: { zh: '已恢复', en: 'Cleared' },
    },
  },
  { key: 'ackedAt', header: { zh: '确认时间', en: 'Acknowledged at' }, width: 20, time: true },
  { key: 'ackedBy', header: { zh: '确认人', en: 'Acknowledged by' } },
  { key: 'comment', header: { zh: '处理意见', en: 'Comment' }, width: 30 },
  { key: 'clearedAt', header: { zh: '恢复时间', en: 'Cleared at' }, width: 20, time: true },
  { key: 'clearedValue', header: { zh: '恢复值', en: 'Cleared value' } },
  { key: 'notifications', header: { zh: '通知次数', en: 'Notifications' } },
];

/** Rows of exactly what the filter selects, a page at a time; a foreign park is refused before the first. */
export async function* alarmExportRows(
  db: Db,
  auth: AuthContext,
  q: Omit<AlarmListQuery, 'pageNum' | 'pageSize'>,
): AsyncGenerator<ExportRow> {
  requireParkIfGiven(auth, q.groupId);
  let offset = 0;
  for (;;) {
    const rows = await repo.alarmsPage(db, scopeOf(auth), q, offset, 500);
    if (rows.length === 0) return;
    offset += rows.length;
    for (const r of rows) {
      yield {
        id: r.id,
        raisedAt: r.raised_at,
        park: r.group_name,
        device: r.device_name,
        serial: r.device_serial,
        rule: r.rule_name,
        parameter: r.param_key,
        severity: r.severity,
        value: r.value,
        state: r.state,
        ackedAt: r.acked_at,
        ackedBy: r.acked_by_name,
        comment: r.ack_comment,
        clearedAt: r.cleared_at,
        clearedValue: r.cleared_value,
        notifications: r.notify_count,
      };
    }
  }
}
