import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import type { DevicesTable } from '../../db/schema';
import { inList } from '../../db/scope';

/** Where a device is announced and what its status was last. */
export function deviceStatusRow(db: Db, deviceId: number) {
  return db
    .selectFrom('devices')
    .select(['id', 'merchant_id', 'group_id', 'online', 'status_at', 'connected_at'])
    .where('id', '=', deviceId)
    .executeTakeFirst();
}

export async function setDeviceStatus(db: Db, deviceId: number, set: Updateable<DevicesTable>) {
  await db.updateTable('devices').set(set).where('id', '=', deviceId).execute();
}

/**
 * Marks online those of the devices that were offline before `since` (when the evidence of life began to
 * arrive); returns the ones it changed. A device marked offline after that, by its will or by the silence job,
 * stays offline: readings received before it went and committed after must not bring it back.
 */
export function markOnline(db: Db, deviceIds: readonly number[], since: number, at: number) {
  return db
    .updateTable('devices')
    .set({ online: 1, status_at: at })
    .where('id', 'in', inList(deviceIds))
    .where('online', '=', 0)
    .where((eb) => eb.or([eb('offline_at', 'is', null), eb('offline_at', '<', since)]))
    .returning(['id', 'merchant_id', 'group_id'])
    .execute();
}

/**
 * Marks offline every online device silent for `intervals` of its reporting interval: both its last
 * message and its last status change older than that. It reads first and writes only when a device
 * went silent: on SQLite any write statement, even one that changes nothing, waits for the telemetry
 * writer's transaction and would stall the event loop (and every acknowledgement) for that long.
 */
export async function markSilentOffline(db: Db, at: number, intervals: number) {
  const limit = sql`cast(${at} as bigint) - report_interval_ms * ${intervals}`;
  const silent = sql<boolean>`online = 1 and coalesce(last_seen_at, 0) < ${limit} and coalesce(status_at, 0) < ${limit}`;
  const candidates = await db.selectFrom('devices').select('id').where(silent).execute();
  if (candidates.length === 0) return [];
  return db
    .updateTable('devices')
    .set({ online: 0, status_at: at, offline_at: at })
    .where('id', 'in', inList(candidates.map((c) => c.id)))
    .where(silent)
    .returning(['id', 'merchant_id', 'group_id'])
    .execute();
}

/** Those of the devices that are offline. */
export async function offlineAmong(db: Db, deviceIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('devices')
    .select('id')
    .where('id', 'in', inList(deviceIds))
    .where('online', '=', 0)
    .execute();
  return rows.map((r) => r.id);
}

export async function onlineDeviceIds(db: Db): Promise<number[]> {
  return (await db.selectFrom('devices').select('id').where('online', '=', 1).execute()).map((r) => r.id);
}

export async function insertDeviceEvent(
  db: Db,
  e: { deviceId: number; ts: number; type: string; data: unknown; receivedAt: number },
) {
  await db
    .insertInto('device_events')
    .values({ device_id: e.deviceId, ts: e.ts, type: e.type, data: JSON.stringify(e.data), received_at: e.receivedAt })
    .execute();
}

export async function touchDevices(db: Db, deviceIds: readonly number[], at: number) {
  await db.updateTable('devices').set({ last_seen_at: at }).where('id', 'in', inList(deviceIds)).execute();
}
