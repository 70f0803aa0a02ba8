import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import type { AlarmDeliveriesTable } from '../../db/rulesAlarmsSchema';
import { inList } from '../../db/scope';

/** A delivery as the lifecycle writes it: its state is one it starts in; attempts, error and sent time may wait. */
export type NewDelivery = Omit<Insertable<AlarmDeliveriesTable>, 'id' | 'state' | 'contact_id'> & {
  contact_id: number | null;
  state: 'pending' | 'held' | 'sent' | 'failed';
};

export function insertDeliveries(db: Db, rows: NewDelivery[]) {
  if (rows.length === 0) return Promise.resolve();
  // every row names the same columns: SQLite has no DEFAULT in a multi-row VALUES list
  const full = rows.map((r) => ({
    ...r,
    sent_at: r.sent_at ?? null,
    last_error: r.last_error ?? '',
    attempts: r.attempts ?? 0,
  }));
  return db.insertInto('alarm_deliveries').values(full).execute();
}

/** Deliveries whose time has come, with what the message needs of their alarm and contact. */
export function dueDeliveries(db: Db, now: number, limit: number) {
  return (
    db
      .selectFrom('alarm_deliveries')
      .innerJoin('alarms', 'alarms.id', 'alarm_deliveries.alarm_id')
      .leftJoin('alarm_contacts', 'alarm_contacts.id', 'alarm_deliveries.contact_id')
      // the merchant's public address, where a bot's card links to the alarm's record
      .leftJoin('trace_code_settings', 'trace_code_settings.merchant_id', 'alarms.merchant_id')
      .selectAll('alarm_deliveries')
      .select([
        'alarms.state as alarm_state',
        'trace_code_settings.public_base_url',
        'alarm_contacts.webhook_secret',
        'alarms.severity',
        'alarms.rule_name',
        'alarms.device_name',
        'alarms.device_serial',
        'alarms.value',
        'alarms.raised_at',
        'alarm_contacts.webhook_type',
      ])
      .where('alarm_deliveries.state', 'in', ['pending', 'held', 'retrying'])
      .where('alarm_deliveries.next_at', '<=', now)
      .orderBy('alarm_deliveries.id')
      .limit(limit)
      .execute()
  );
}

/**
 * When the messages a webhook was sent since `since` went: a notice sent alone, or the first of a digest
 * (a digest's other notices name it in `digest_id`). The bots' rate limiter counts these.
 */
export async function messagesSentTo(db: Db, target: string, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('alarm_deliveries')
    .select('sent_at')
    .where('target', '=', target)
    .where('sent_at', '>', since)
    .where('channel', '=', 'webhook')
    .where('state', '=', 'sent')
    .where((eb) => eb.or([eb('digest_id', 'is', null), eb('digest_id', '=', eb.ref('id'))]))
    .execute();
  return rows.map((r) => Number(r.sent_at));
}

export async function setDelivery(db: Db, id: number, set: Updateable<AlarmDeliveriesTable>) {
  await db.updateTable('alarm_deliveries').set(set).where('id', '=', id).execute();
}

/** The same change to several rows (the notices of one bot message). */
export async function setDeliveries(db: Db, ids: number[], set: Updateable<AlarmDeliveriesTable>) {
  if (ids.length === 0) return;
  await db.updateTable('alarm_deliveries').set(set).where('id', 'in', inList(ids)).execute();
}

export function deliveriesOf(db: Db, alarmIds: number[]) {
  return db
    .selectFrom('alarm_deliveries')
    .selectAll()
    .where('alarm_id', 'in', inList(alarmIds))
    .orderBy('id')
    .execute();
}
