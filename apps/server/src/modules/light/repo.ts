import type { Db } from '../../db/connect';
import { merchantWide, type Scope, scoped } from '../../db/scope';

const LAMP = 'insectLamp';

/** The caller's lamps (in `groupId` when given). */
const lamps = (db: Db, scope: Scope, groupId?: number) =>
  scoped(db, scope, groupId).selectFrom('devices').where('device_class', '=', LAMP);

/** Positions of the park's lamps (null when never placed). */
export function lampPositions(db: Db, scope: Scope, groupId: number) {
  return lamps(db, scope, groupId).select(['id', 'group_id', 'longitude', 'latitude']).execute();
}

export function findLamp(db: Db, scope: Scope, by: { id: number } | { serial: string }) {
  const q = lamps(db, scope).select(['id', 'serial', 'name', 'group_id']);
  return ('id' in by ? q.where('id', '=', by.id) : q.where('serial', '=', by.serial)).executeTakeFirst();
}

/** The newest work window each lamp acknowledged (params of its last succeeded setWorkWindow). */
export async function confirmedWindows(db: Db, merchantId: number, deviceIds: readonly number[]) {
  if (deviceIds.length === 0) return new Map<number, string>();
  const rows = await merchantWide(db, merchantId)
    .selectFrom('commands')
    .select(['device_id', 'params', 'created_at', 'id'])
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

export function cloudToken(db: Db, merchantId: number) {
  return merchantWide(db, merchantId)
    .selectFrom('light_cloud_tokens')
    .select(['expires_at', 'refreshed_at'])
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
