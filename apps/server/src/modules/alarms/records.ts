import {
  type AlarmDelivery,
  type AlarmDetail,
  type AlarmListQuery,
  type AlarmRecord,
  type AlarmState,
  Code,
  type Paged,
  ruleCondition,
  type Severity,
} from '@farmpark/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { AlarmsTable } from '../../db/rulesAlarmsSchema';
import { inList } from '../../db/scope';
import { ApiError, notFound } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import type { ExportColumn, ExportRow } from '../../http/exportWriter';
import type { AuthContext } from '../auth/sessions';
import { audited } from '../systemLog/service';
import type { AlarmLifecycle } from './lifecycle';
import { deliveriesOf } from './outbox';

type Row = Selectable<AlarmsTable> & { group_name: string | null };

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
    condition: ruleCondition.parse(JSON.parse(r.condition)),
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

/** Alarms the caller may see, filtered as asked; the park filter is inside the caller's parks. */
function filtered(db: Db, auth: AuthContext, q: Omit<AlarmListQuery, 'pageNum' | 'pageSize'>) {
  let s = db
    .selectFrom('alarms')
    .leftJoin('groups', 'groups.id', 'alarms.group_id')
    .where('alarms.merchant_id', '=', auth.merchantId)
    .where('alarms.group_id', 'in', inList(auth.groupIds));
  if (q.groupId !== undefined) s = s.where('alarms.group_id', '=', q.groupId);
  if (q.deviceId !== undefined) s = s.where('alarms.device_id', '=', q.deviceId);
  if (q.severity !== undefined) s = s.where('alarms.severity', '=', q.severity);
  if (q.state !== undefined) s = s.where('alarms.state', '=', q.state);
  if (q.startTime !== undefined) s = s.where('alarms.raised_at', '>=', q.startTime);
  if (q.endTime !== undefined) s = s.where('alarms.raised_at', '<', q.endTime);
  return s;
}

export async function listAlarms(db: Db, auth: AuthContext, q: AlarmListQuery): Promise<Paged<AlarmRecord>> {
  if (q.groupId !== undefined && !auth.groupIds.includes(q.groupId)) throw notFound(`groupId ${q.groupId}: park`);
  const base = filtered(db, auth, q);
  const [rows, count] = await Promise.all([
    base
      .selectAll('alarms')
      .select('groups.name as group_name')
      .orderBy('alarms.raised_at', 'desc')
      .orderBy('alarms.id', 'desc')
      .offset((q.pageNum - 1) * q.pageSize)
      .limit(q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toRecord), total: Number(count.n), pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function alarmDetail(db: Db, auth: AuthContext, id: number): Promise<AlarmDetail> {
  const row = await filtered(db, auth, {})
    .selectAll('alarms')
    .select('groups.name as group_name')
    .where('alarms.id', '=', id)
    .executeTakeFirst();
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
  }));
  return { ...toRecord(row), deliveries };
}

export async function activeCount(
  db: Db,
  auth: AuthContext,
  groupId: number,
): Promise<{ active: number; open: number }> {
  if (!auth.groupIds.includes(groupId)) throw notFound(`groupId ${groupId}: park`);
  const rows = await filtered(db, auth, { groupId })
    .select(['alarms.state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('alarms.state', '!=', 'cleared')
    .groupBy('alarms.state')
    .execute();
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
  return audited(
    db,
    auth,
    meta,
    { action: 'alarm.ack', targetType: 'alarm', targetId: ids.join(','), detail: comment },
    async () => {
      const rows = await filtered(db, auth, {})
        .selectAll('alarms')
        .select('groups.name as group_name')
        .where('alarms.id', 'in', ids)
        .execute();
      const missing = ids.filter((id) => !rows.some((r) => r.id === id));
      if (missing.length > 0) throw notFound(`id ${missing.join(', ')}: alarm`);
      const todo = rows.filter((r) => r.acked_at === null);
      if (todo.length === 0)
        throw new ApiError(Code.CONFLICT, { en: 'id: already acknowledged', zh: 'id：告警已确认' });
      const at = Date.now();
      const user = await db.selectFrom('users').select('user_name').where('id', '=', auth.userId).executeTakeFirst();
      const by = user?.user_name || auth.loginName;
      for (const r of todo) {
        await db
          .updateTable('alarms')
          .set({
            acked_at: at,
            acked_by: auth.userId,
            acked_by_name: by,
            ack_comment: comment,
            ...(r.state === 'active' ? { state: 'acknowledged' } : {}),
          })
          .where('id', '=', r.id)
          .where('acked_at', 'is', null)
          .execute();
        await lifecycle.live({ ...r, state: r.state === 'active' ? 'acknowledged' : r.state }, 'acknowledged', at);
      }
      return { acknowledged: todo.length };
    },
  );
}

/** The alarm records export, with severities and states as the console words them. */
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
    values: {
      info: { zh: '提示', en: 'Info' },
      warning: { zh: '警告', en: 'Warning' },
      critical: { zh: '严重', en: 'Critical' },
    },
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
  if (q.groupId !== undefined && !auth.groupIds.includes(q.groupId)) throw notFound(`groupId ${q.groupId}: park`);
  let offset = 0;
  for (;;) {
    const rows = await filtered(db, auth, q)
      .selectAll('alarms')
      .select('groups.name as group_name')
      .orderBy('alarms.raised_at', 'desc')
      .orderBy('alarms.id', 'desc')
      .offset(offset)
      .limit(500)
      .execute();
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
