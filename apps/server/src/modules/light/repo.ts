import type { Db } from '../../db/connect';
import { inList, type Scope } from '../../db/scope';

const LAMP = 'insectLamp';

/** Positions of the park's lamps (null when never placed). */
export function lampPositions(db: Db, scope: Scope, groupId: number) {
  return db
    .selectFrom('devices')
    .select(['id', 'group_id', 'longitude', 'latitude'])
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('group_id', '=', groupId)
    .where('device_class', '=', LAMP)
    .execute();
}

export function findLamp(db: Db, scope: Scope, deviceId: number) {
  return db
    .selectFrom('devices')
    .select(['id', 'serial', 'name', 'group_id'])
    .where('id', '=', deviceId)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('device_class', '=', LAMP)
    .executeTakeFirst();
}

export async function renameLamp(db: Db, scope: Scope, deviceId: number, name: string): Promise<boolean> {
  const res = await db
    .updateTable('devices')
    .set({ name })
    .where('id', '=', deviceId)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('device_class', '=', LAMP)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The newest work window each lamp acknowledged (params of its last succeeded setWorkWindow). */
export async function confirmedWindows(db: Db, merchantId: number, deviceIds: readonly number[]) {
  if (deviceIds.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('commands')
    .select(['device_id', 'params', 'created_at', 'id'])
    .where('merchant_id', '=', merchantId)
    .where('device_id', 'in', [...deviceIds])
    .where('name', '=', 'setWorkWindow')
    .where('state', '=', 'succeeded')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const out = new Map<number, string>();
  for (const r of rows) if (!out.has(r.device_id)) out.set(r.device_id, r.params);
  return out;
}

export function findLampBySerial(db: Db, scope: Scope, serial: string) {
  return db
    .selectFrom('devices')
    .select(['id', 'serial', 'name', 'group_id'])
    .where('serial', '=', serial)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .where('device_class', '=', LAMP)
    .executeTakeFirst();
}

export function cloudToken(db: Db, merchantId: number) {
  return db
    .selectFrom('light_cloud_tokens')
    .select(['expires_at', 'refreshed_at'])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

export async function saveCloudToken(
  db: Db,
  row: { merchant_id: number; access_token: string; expires_at: number; refreshed_at: number },
): Promise<void> {
  await db
    .insertInto('light_cloud_tokens')
    .values(row)
    .onConflict((oc) =>
      oc.column('merchant_id').doUpdateSet({
        access_token: row.access_token,
        expires_at: row.expires_at,
        refreshed_at: row.refreshed_at,
      }),
    )
    .execute();
}
