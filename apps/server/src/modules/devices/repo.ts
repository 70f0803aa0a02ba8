import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/connect';
import type { DeviceImagesTable, DevicesTable } from '../../db/schema';
import { inList, type Scope } from '../../db/scope';

/** What device management lists and shows: the device, its park's name, whether it has credentials. */
function selectDevices(db: Db, scope: Scope) {
  return db
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
    .select((eb) => eb.case().when('d.secret_hash', 'is not', null).then(1).else(0).end().as('has_secret'))
    .where('d.merchant_id', '=', scope.merchantId)
    .where('d.group_id', 'in', inList(scope.groupIds));
}
export type DeviceListRow = Awaited<ReturnType<ReturnType<typeof selectDevices>['executeTakeFirstOrThrow']>>;

export interface DeviceFilter {
  groupId?: number;
  deviceClass?: string;
  keyword?: string;
  online?: boolean;
}

function filtered(db: Db, scope: Scope, f: DeviceFilter) {
  let q = selectDevices(db, scope);
  if (f.groupId !== undefined) q = q.where('d.group_id', '=', f.groupId);
  if (f.deviceClass !== undefined) q = q.where('d.device_class', '=', f.deviceClass);
  if (f.online !== undefined) q = q.where('d.online', '=', f.online ? 1 : 0);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // lower() on both sides: PostgreSQL's LIKE is case-sensitive, SQLite's is not.
    q = q.where(
      sql<boolean>`(lower(d.serial) like lower(${like}) escape '\\' or lower(d.name) like lower(${like}) escape '\\')`,
    );
  }
  return q;
}

export async function listDevices(db: Db, scope: Scope, f: DeviceFilter, page: { pageNum: number; pageSize: number }) {
  const [rows, count] = await Promise.all([
    filtered(db, scope, f)
      .orderBy('d.group_id')
      .orderBy('d.id')
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize)
      .execute(),
    filtered(db, scope, f)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
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
  const res = await db
    .updateTable('devices')
    .set(set)
    .where('id', 'in', inList(deviceIds))
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function deleteDevices(db: Db, scope: Scope, deviceIds: readonly number[]): Promise<number> {
  const res = await db
    .deleteFrom('devices')
    .where('id', 'in', inList(deviceIds))
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', 'in', inList(scope.groupIds))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** A picture a device uploaded (its file is already stored under its sha256). */
export async function insertImage(db: Db, row: Insertable<DeviceImagesTable>): Promise<number> {
  const r = await db.insertInto('device_images').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
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
