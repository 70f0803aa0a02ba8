import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import { deleteByIds, pageOfQuery } from '../../db/rows';
import type { DeviceImagesTable, DevicesTable } from '../../db/schema';
import { inList, type Scope, scoped } from '../../db/scope';
import { anyContains, matching } from '../../db/search';

/** What device management lists and shows: the device, its park's name, whether it has credentials. */
function selectDevices(db: Db, scope: Scope, groupId?: number) {
  return scoped(db, scope, groupId)
    .selectFrom('devices as d')
    .leftJoin('groups as g', 'g.id', 'd.group_id')
    .select([
      'd.id',
      'd.serial',
      'd.name',
      'd.device_class',
      'd.model',
      'd.group_id',
      'g.name as group_name',
      'd.online',
      'd.last_seen_at',
      'd.status_at',
      'd.firmware',
      'd.report_interval_ms',
      'd.longitude',
      'd.latitude',
      'd.remark',
      'd.created_at',
    ])
    .select((eb) => eb.case().when('d.secret_hash', 'is not', null).then(1).else(0).end().as('has_secret'));
}
export type DeviceListRow = Awaited<ReturnType<ReturnType<typeof selectDevices>['executeTakeFirstOrThrow']>>;

export interface DeviceFilter {
  groupId?: number;
  deviceClass?: string;
  keyword?: string;
  online?: boolean;
}

function filtered(db: Db, scope: Scope, f: DeviceFilter) {
  let q = selectDevices(db, scope, f.groupId).where(
    matching({ 'd.device_class': f.deviceClass, 'd.online': f.online }),
  );
  if (f.keyword) q = q.where(anyContains(['d.serial', 'd.name'], f.keyword));
  return q;
}

export function listDevices(db: Db, scope: Scope, f: DeviceFilter, page: { pageNum: number; pageSize: number }) {
  return pageOfQuery(filtered(db, scope, f).orderBy('d.group_id').orderBy('d.id'), page);
}

export function findDevice(db: Db, scope: Scope, deviceId: number) {
  return selectDevices(db, scope).where('d.id', '=', deviceId).executeTakeFirst();
}

export function findDevices(db: Db, scope: Scope, deviceIds: readonly number[]) {
  return selectDevices(db, scope).where('d.id', 'in', inList(deviceIds)).execute();
}

/** Serials are unique across merchants: they are the devices' MQTT user names. */
export function serialTaken(db: Db, serial: string) {
  return db.selectFrom('devices').select(['id', 'merchant_id']).where('serial', '=', serial).executeTakeFirst();
}

export async function insertDevice(db: Db, row: Insertable<DevicesTable>): Promise<number> {
  return (await db.insertInto('devices').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateDevices(
  db: Db,
  scope: Scope,
  deviceIds: readonly number[],
  set: Updateable<DevicesTable>,
): Promise<number> {
  const res = await scoped(db, scope)
    .updateTable('devices')
    .set(set)
    .where('id', 'in', inList(deviceIds))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export const deleteDevices = (db: Db, scope: Scope, deviceIds: readonly number[]) =>
  deleteByIds(db, scope, 'devices', deviceIds);

/** A picture a device uploaded (its file is already stored under its sha256). */
export async function insertImage(db: Db, row: Insertable<DeviceImagesTable>): Promise<number> {
  const r = await db.insertInto('device_images').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Which of these serials are registered (any merchant's): the MQTT client ids they own. */
export async function registeredSerials(db: Db, serials: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('devices')
    .select('serial')
    .where('serial', 'in', [...serials])
    .execute();
  return rows.map((r) => r.serial);
}

/** Where the credentials check reads a device: by serial, never from a cache. */
export function deviceForAuth(db: Db, serial: string) {
  return db
    .selectFrom('devices')
    .select(['id', 'serial', 'secret_hash', 'merchant_id', 'device_class'])
    .where('serial', '=', serial)
    .executeTakeFirst();
}

/** What the registry caches of a device: who owns it, where it is, what it is. */
export function deviceIdentity(db: Db, by: { serial: string } | { id: number }) {
  const q = db
    .selectFrom('devices')
    .select(['id', 'serial', 'merchant_id', 'group_id', 'device_class', 'model', 'name']);
  return ('serial' in by ? q.where('serial', '=', by.serial) : q.where('id', '=', by.id)).executeTakeFirst();
}
