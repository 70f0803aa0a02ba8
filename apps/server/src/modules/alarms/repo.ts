import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { AlarmsTable } from '../../db/rulesAlarmsSchema';
import { inList, type Scope } from '../../db/scope';
import { findOwnedRule } from '../../rules/repo';

/** Alarm rules, alarms, deliveries and contacts: Kysely only; every tenant read filters by scope. */

export function ruleRows(
  db: Db,
  scope: Scope,
  groupId: number,
  keyword: string | undefined,
  page: { offset: number; limit: number },
) {
  let q = db
    .selectFrom('rules')
    .leftJoin('devices', 'devices.id', 'rules.device_id')
    .where('rules.owner_kind', '=', 'alarm')
    .where('rules.merchant_id', '=', scope.merchantId)
    .where('rules.group_id', 'in', inList(scope.groupIds))
    .where('rules.group_id', '=', groupId);
  if (keyword) q = q.where('rules.name', 'like', `%${keyword}%`);
  return Promise.all([
    q
      .selectAll('rules')
      .select('devices.name as device_name')
      .orderBy('rules.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
}

export const findRule = (db: Db, scope: Scope, id: number) => findOwnedRule(db, scope, 'alarm', id);

export type RuleRow = NonNullable<Awaited<ReturnType<typeof findRule>>>;

export function openCounts(db: Db, ruleIds: number[]) {
  return db
    .selectFrom('alarms')
    .select(['rule_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('rule_id', 'in', inList(ruleIds))
    .where('state', '!=', 'cleared')
    .groupBy('rule_id')
    .execute();
}

export function parkDevice(db: Db, scope: Scope, groupId: number, deviceId: number) {
  return db
    .selectFrom('devices')
    .select(['id', 'name', 'device_class', 'group_id'])
    .where('id', '=', deviceId)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', '=', groupId)
    .where('group_id', 'in', inList(scope.groupIds))
    .executeTakeFirst();
}

export function parkDevicesOfClass(db: Db, scope: Scope, groupId: number, cls: string, limit: number) {
  return db
    .selectFrom('devices')
    .select(['id', 'name', 'device_class', 'group_id'])
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', '=', groupId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('device_class', '=', cls)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function contactsServingPark(db: Db, merchantId: number, groupId: number, ids: number[]) {
  return db
    .selectFrom('alarm_contacts')
    .innerJoin('alarm_contact_groups', 'alarm_contact_groups.contact_id', 'alarm_contacts.id')
    .selectAll('alarm_contacts')
    .where('alarm_contacts.merchant_id', '=', merchantId)
    .where('alarm_contact_groups.group_id', '=', groupId)
    .where('alarm_contacts.id', 'in', inList(ids))
    .execute();
}

export function closeRuleAlarms(db: Db, ruleId: number, at: number) {
  return db
    .updateTable('alarms')
    .set({ state: 'cleared', cleared_at: at, open_key: null })
    .where('rule_id', '=', ruleId)
    .where('state', '!=', 'cleared')
    .returning(['id', 'merchant_id', 'group_id'])
    .execute();
}

// --- alarms

export function openAlarm(db: Db, ruleId: number, deviceId: number) {
  return db.selectFrom('alarms').selectAll().where('open_key', '=', `${ruleId}:${deviceId}`).executeTakeFirst();
}

export async function insertAlarm(
  db: Db,
  row: Omit<AlarmsTable, 'id' | 'acked_by_name' | 'ack_comment' | 'notify_count'>,
) {
  const r = await db.insertInto('alarms').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export function openCountOfPark(db: Db, merchantId: number, groupId: number) {
  return db
    .selectFrom('alarms')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchant_id', '=', merchantId)
    .where('group_id', '=', groupId)
    .where('state', '!=', 'cleared')
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** Active (unacknowledged) alarms whose rule repeats and whose last notification is older than its period. */
export function alarmsDueForRepeat(db: Db) {
  return db
    .selectFrom('alarms')
    .innerJoin('rules', 'rules.id', 'alarms.rule_id')
    .selectAll('alarms')
    .select(['rules.config as rule_config'])
    .where('alarms.state', '=', 'active')
    .execute();
}

export function alarmById(db: Db, id: number) {
  return db.selectFrom('alarms').selectAll().where('id', '=', id).executeTakeFirst();
}

export function noteNotified(db: Db, id: number, at: number) {
  return db
    .updateTable('alarms')
    .set((eb) => ({ notify_count: eb('notify_count', '+', 1), last_notified_at: at }))
    .where('id', '=', id)
    .execute();
}

export function rulesById(db: Db, ids: number[]) {
  return db.selectFrom('rules').select(['id', 'config']).where('id', 'in', inList(ids)).execute();
}

export const nowSql = (ms: number) => sql`cast(${ms} as bigint)`;

// --- preview data

export async function countRaw(db: Db, deviceId: number, key: string, from: number, to: number) {
  const r = await db
    .selectFrom('telemetry')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('device_id', '=', deviceId)
    .where('key', '=', key)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function rawSeries(db: Db, deviceId: number, key: string, from: number, to: number) {
  return db
    .selectFrom('telemetry')
    .select(['ts', 'value'])
    .where('device_id', '=', deviceId)
    .where('key', '=', key)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .orderBy('ts')
    .execute();
}

/** Hourly averages, stamped at the hour's last reading. */
export async function hourlySeries(db: Db, deviceId: number, key: string, from: number, to: number) {
  const rows = await db
    .selectFrom('telemetry_hourly')
    .select(['last_ts', 'sum', 'count'])
    .where('device_id', '=', deviceId)
    .where('key', '=', key)
    .where('bucket', '>=', from - 3_600_000)
    .where('bucket', '<', to)
    .orderBy('bucket')
    .execute();
  return rows.filter((r) => r.count > 0).map((r) => ({ ts: r.last_ts, value: r.sum / r.count }));
}

/** Any parameter's readings: an offline preview looks for silences in them. */
export function readingTimes(db: Db, deviceId: number, from: number, to: number) {
  return db
    .selectFrom('telemetry')
    .select('ts')
    .distinct()
    .where('device_id', '=', deviceId)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .orderBy('ts')
    .execute();
}
