import type { AlarmListQuery } from '@farmpark/contracts';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import { pageOfQuery } from '../../db/rows';
import type { AlarmsTable } from '../../db/rulesAlarmsSchema';
import { inList, parkScope, type Scope, scoped } from '../../db/scope';
import { findOwnedRule, ownedRules } from '../../rules/repo';

/** Alarm rules, alarms and the data a preview replays: Kysely only; every tenant read goes through `scoped`. */

/**
 * The devices of these classes an alarm rule judged outside the engine watches in its park: its one device, or
 * every device of its class (trap counts: traps; zone flow: machines with a flow meter).
 */
export function ruleDevices(
  db: Db,
  scope: Scope,
  groupId: number,
  target: { deviceId: number | null; deviceClass: string | null },
  classes: readonly string[],
) {
  const q = scoped(db, scope, groupId)
    .selectFrom('devices')
    .select(['id', 'name', 'serial', 'device_class'])
    .where('device_class', 'in', classes);
  return (
    target.deviceId !== null
      ? q.where('id', '=', target.deviceId)
      : q.where('device_class', '=', target.deviceClass ?? '')
  )
    .orderBy('id')
    .execute();
}

export function ruleRows(
  db: Db,
  scope: Scope,
  q: { groupId: number; keyword?: string; pageNum: number; pageSize: number },
) {
  let rules = ownedRules(db, scope, 'alarm', q.groupId);
  if (q.keyword) rules = rules.where('rules.name', 'like', `%${q.keyword}%`);
  return pageOfQuery(rules.orderBy('rules.id', 'desc'), q);
}

export const findRule = (db: Db, scope: Scope, id: number) => findOwnedRule(db, scope, 'alarm', id);

export type RuleRow = NonNullable<Awaited<ReturnType<typeof findRule>>>;

/** Open alarms of each rule (ids the caller already found in scope). */
export function openCounts(db: Db, ruleIds: number[]) {
  return db
    .selectFrom('alarms')
    .select(['rule_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('rule_id', 'in', inList(ruleIds))
    .where('state', '!=', 'cleared')
    .groupBy('rule_id')
    .execute();
}

const parkDevices = (db: Db, scope: Scope, groupId: number) =>
  scoped(db, scope, groupId).selectFrom('devices').select(['id', 'name', 'device_class', 'group_id']);

export function parkDevice(db: Db, scope: Scope, groupId: number, deviceId: number) {
  return parkDevices(db, scope, groupId).where('id', '=', deviceId).executeTakeFirst();
}

export function parkDevicesOfClass(db: Db, scope: Scope, groupId: number, cls: string, limit: number) {
  return parkDevices(db, scope, groupId).where('device_class', '=', cls).orderBy('id').limit(limit).execute();
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

/** The alarm not yet cleared under an open key ("rule:device", or "rule:p<planting>:<key>" for planting rules). */
export function openAlarmByKey(db: Db, openKey: string) {
  return db.selectFrom('alarms').selectAll().where('open_key', '=', openKey).executeTakeFirst();
}

/** The open keys of a rule's alarms not yet cleared (a planting rule clears those it no longer judges out). */
export async function openKeysOfRule(db: Db, scope: Scope, ruleId: number): Promise<string[]> {
  const rows = await scoped(db, scope)
    .selectFrom('alarms')
    .select('open_key')
    .where('rule_id', '=', ruleId)
    .where('open_key', 'is not', null)
    .execute();
  return rows.map((r) => r.open_key ?? '');
}

export async function insertAlarm(
  db: Db,
  row: Omit<AlarmsTable, 'id' | 'acked_by_name' | 'ack_comment' | 'notify_count'>,
) {
  const r = await db.insertInto('alarms').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Changes an alarm the caller already holds; `unacked` only while nobody has acknowledged it. */
export async function setAlarm(db: Db, id: number, set: Updateable<AlarmsTable>, opts: { unacked?: true } = {}) {
  let q = db.updateTable('alarms').set(set).where('id', '=', id);
  if (opts.unacked) q = q.where('acked_at', 'is', null);
  await q.execute();
}

export function openCountOfPark(db: Db, merchantId: number, groupId: number) {
  return scoped(db, parkScope(merchantId, groupId))
    .selectFrom('alarms')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '!=', 'cleared')
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** Active (unacknowledged) alarms with their rule's settings: the repeat job decides which are due. */
export function alarmsDueForRepeat(db: Db) {
  return db
    .selectFrom('alarms')
    .innerJoin('rules', 'rules.id', 'alarms.rule_id')
    .selectAll('alarms')
    .select(['rules.config as rule_config'])
    .where('alarms.state', '=', 'active')
    .execute();
}

export function noteNotified(db: Db, id: number, at: number) {
  return db
    .updateTable('alarms')
    .set((eb) => ({ notify_count: eb('notify_count', '+', 1), last_notified_at: at }))
    .where('id', '=', id)
    .execute();
}

/** What a notification names besides the alarm's own copy: its park and its device's class. */
export async function alarmPlace(db: Db, groupId: number, deviceId: number) {
  const [group, device] = await Promise.all([
    db.selectFrom('groups').select('name').where('id', '=', groupId).executeTakeFirst(),
    db.selectFrom('devices').select('device_class').where('id', '=', deviceId).executeTakeFirst(),
  ]);
  return { groupName: group?.name ?? '', deviceClass: device?.device_class ?? '' };
}

type AlarmFilter = Omit<AlarmListQuery, 'pageNum' | 'pageSize'>;

/** Alarms the caller may see (in `groupId` when given), filtered as asked, with their park's name. */
function alarmsOf(db: Db, scope: Scope, q: AlarmFilter) {
  let s = scoped(db, scope, q.groupId)
    .selectFrom('alarms')
    .leftJoin('groups', 'groups.id', 'alarms.group_id')
    .selectAll('alarms')
    .select('groups.name as group_name');
  if (q.deviceId !== undefined) s = s.where('alarms.device_id', '=', q.deviceId);
  if (q.severity !== undefined) s = s.where('alarms.severity', '=', q.severity);
  if (q.state !== undefined) s = s.where('alarms.state', '=', q.state);
  if (q.startTime !== undefined) s = s.where('alarms.raised_at', '>=', q.startTime);
  if (q.endTime !== undefined) s = s.where('alarms.raised_at', '<', q.endTime);
  return s;
}

/** Newest first, as the record page and its export list them. */
const newest = (db: Db, scope: Scope, q: AlarmFilter) =>
  alarmsOf(db, scope, q).orderBy('alarms.raised_at', 'desc').orderBy('alarms.id', 'desc');

export const listAlarms = (db: Db, scope: Scope, q: AlarmListQuery) => pageOfQuery(newest(db, scope, q), q);

export const alarmsPage = (db: Db, scope: Scope, q: AlarmFilter, offset: number, size: number) =>
  newest(db, scope, q).offset(offset).limit(size).execute();

export const visibleAlarms = (db: Db, scope: Scope, ids: readonly number[]) =>
  alarmsOf(db, scope, {}).where('alarms.id', 'in', inList(ids)).execute();

export function openAlarmsByState(db: Db, scope: Scope, groupId: number) {
  return alarmsOf(db, scope, { groupId })
    .clearSelect()
    .select(['alarms.state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('alarms.state', '!=', 'cleared')
    .groupBy('alarms.state')
    .execute();
}

export async function userName(db: Db, userId: number): Promise<string | undefined> {
  return (await db.selectFrom('users').select('user_name').where('id', '=', userId).executeTakeFirst())?.user_name;
}

// --- preview data (raw counts and points: telemetry/repo.ts)

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
