import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { inList, type Scope, scoped } from '../../db/scope';

/** Telemetry reads: a caller's device is found through `scoped` first, its readings then by its id. */

const DEVICE_COLS = [
  'id',
  'serial',
  'name',
  'device_class',
  'model',
  'online',
  'last_seen_at',
  'group_id',
  'merchant_id',
] as const;

/** The caller's devices (in `groupId` when given). */
const devices = (db: Db, scope: Scope, groupId?: number) =>
  scoped(db, scope, groupId).selectFrom('devices').select(DEVICE_COLS);

export function findDevice(db: Db, scope: Scope, deviceId: number) {
  return devices(db, scope).where('id', '=', deviceId).executeTakeFirst();
}
export type DeviceRow = NonNullable<Awaited<ReturnType<typeof findDevice>>>;

export function findDevices(db: Db, scope: Scope, deviceIds: readonly number[]) {
  return devices(db, scope).where('id', 'in', inList(deviceIds)).execute();
}

export function parkDevicesOfClasses(db: Db, scope: Scope, groupId: number, classes: readonly string[]) {
  return devices(db, scope, groupId)
    .where('device_class', 'in', classes.length ? [...classes] : [''])
    .orderBy('id')
    .execute();
}

export function paramSettings(db: Db, deviceIds: readonly number[]) {
  return db.selectFrom('device_param_settings').selectAll().where('device_id', 'in', inList(deviceIds)).execute();
}

export function groupSorts(db: Db, deviceIds: readonly number[]) {
  return db.selectFrom('device_group_sort').selectAll().where('device_id', 'in', inList(deviceIds)).execute();
}

export function latestValues(db: Db, deviceIds: readonly number[]) {
  return db
    .selectFrom('device_latest')
    .select(['device_id', 'key', 'ts', 'value', 'prev_value'])
    .where('device_id', 'in', inList(deviceIds))
    .execute();
}

/** Distinct reading instants of a device in [start, end), newest first, one page. */
export async function readingTimes(
  db: Db,
  deviceId: number,
  keys: readonly string[],
  start: number,
  end: number,
  limit: number,
  offset: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('telemetry')
    .select('ts')
    .where('device_id', '=', deviceId)
    .where('key', 'in', [...keys])
    .where('ts', '>=', start)
    .where('ts', '<', end)
    .groupBy('ts')
    .orderBy('ts', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => Number(r.ts));
}

export async function countReadingTimes(
  db: Db,
  deviceId: number,
  keys: readonly string[],
  start: number,
  end: number,
): Promise<number> {
  const base = db
    .selectFrom('telemetry')
    .where('device_id', '=', deviceId)
    .where('key', 'in', [...keys])
    .where('ts', '>=', start)
    .where('ts', '<', end);
  // One key: a plain range count on the primary key, no de-duplication needed.
  const row =
    keys.length === 1
      ? await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      : await base.select(sql<number>`count(distinct ts)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function valuesAt(db: Db, deviceId: number, keys: readonly string[], from: number, to: number) {
  return db
    .selectFrom('telemetry')
    .select(['key', 'ts', 'value'])
    .where('device_id', '=', deviceId)
    .where('key', 'in', [...keys])
    .where('ts', '>=', from)
    .where('ts', '<=', to)
    .execute();
}

export async function countRaw(db: Db, deviceId: number, key: string, start: number, end: number): Promise<number> {
  const row = await db
    .selectFrom('telemetry')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('device_id', '=', deviceId)
    .where('key', '=', key)
    .where('ts', '>=', start)
    .where('ts', '<', end)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function rawPoints(db: Db, deviceId: number, key: string, start: number, end: number) {
  const rows = await db
    .selectFrom('telemetry')
    .select(['ts', 'value'])
    .where('device_id', '=', deviceId)
    .where('key', '=', key)
    .where('ts', '>=', start)
    .where('ts', '<', end)
    .orderBy('ts')
    .execute();
  return rows;
}

/** Raw rows folded into fixed-width buckets in SQL, for raw ranges too dense to send whole. */
export async function rawBuckets(db: Db, deviceId: number, key: string, start: number, end: number, width: number) {
  const bucket = sql<number>`(ts - cast(${start} as bigint)) / cast(${width} as bigint)`;
  const rows = await db
    .selectFrom('telemetry')
    .select([
      sql<number>`min(ts)`.as('first_ts'),
      sql<number>`avg(value)`.as('avg'),
      sql<number>`min(value)`.as('min'),
      sql<number>`max(value)`.as('max'),
      bucket.as('b'),
    ])
    .where('device_id', '=', deviceId)
    .where('key', '=', key)
    .where('ts', '>=', start)
    .where('ts', '<', end)
    .groupBy(sql`b`)
    .orderBy('b')
    .execute();
  return rows.map((r) => ({ ts: start + Math.floor(Number(r.b)) * width, avg: r.avg, min: r.min, max: r.max }));
}

export function rollupRows(
  db: Db,
  table: 'telemetry_hourly' | 'telemetry_daily',
  deviceIds: readonly number[],
  keys: readonly string[],
  start: number,
  end: number,
) {
  return db
    .selectFrom(table)
    .select(['device_id', 'key', 'bucket', 'min', 'max', 'sum', 'count'])
    .where('device_id', 'in', inList(deviceIds))
    .where('key', 'in', [...keys])
    .where('bucket', '>=', start)
    .where('bucket', '<', end)
    .orderBy('device_id')
    .orderBy('key')
    .orderBy('bucket')
    .execute();
}

/** One chunk of an export, in (ts, key) order after the cursor; keyset paging keeps memory flat. */
export function exportChunk(
  db: Db,
  deviceId: number,
  keys: readonly string[],
  start: number,
  end: number,
  after: { ts: number; key: string } | null,
  limit: number,
) {
  let q = db
    .selectFrom('telemetry')
    .select(['ts', 'key', 'value'])
    .where('device_id', '=', deviceId)
    .where('key', 'in', [...keys])
    .where('ts', '<', end);
  q = after
    ? q.where((eb) => eb.or([eb('ts', '>', after.ts), eb.and([eb('ts', '=', after.ts), eb('key', '>', after.key)])]))
    : q.where('ts', '>=', start);
  return q.orderBy('ts').orderBy('key').limit(limit).execute();
}

export async function upsertParamSettings(
  db: Db,
  deviceId: number,
  rows: {
    key: string;
    name: string | null;
    unit: string | null;
    decimals: number | null;
    hidden: number | null;
    sort: number | null;
  }[],
) {
  await db.transaction().execute(async (trx) => {
    for (const r of rows) {
      await trx
        .insertInto('device_param_settings')
        .values({ device_id: deviceId, ...r })
        .onConflict((oc) => oc.columns(['device_id', 'key']).doUpdateSet(r))
        .execute();
    }
  });
}

export async function replaceGroupSort(db: Db, deviceId: number, groups: readonly string[]) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('device_group_sort').where('device_id', '=', deviceId).execute();
    await trx
      .insertInto('device_group_sort')
      .values(groups.map((g, i) => ({ device_id: deviceId, group_key: g, sort: i })))
      .execute();
  });
}
