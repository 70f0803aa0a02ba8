import type { Db } from '../../db/connect';
import { inList, type Scope } from '../../db/scope';

/** Zone names and plot links (`irrigation_zones`): Kysely only. */

/**
 * The named zones of machines of a park, with the linked plot's name. A row whose park is no longer the
 * machine's (the machine was moved) or whose plot left that park is not the zone's any more: the join
 * on the device's current park drops it, so a moved machine's zones start unnamed in the new park.
 */
export function zoneRows(db: Db, scope: Scope, groupIds: readonly number[], deviceIds?: readonly number[]) {
  let q = db
    .selectFrom('irrigation_zones as z')
    .innerJoin('devices as d', (j) =>
      j
        .onRef('d.id', '=', 'z.device_id')
        .onRef('d.group_id', '=', 'z.group_id')
        .onRef('d.merchant_id', '=', 'z.merchant_id'),
    )
    .leftJoin('area_points as a', (j) =>
      j
        .onRef('a.id', '=', 'z.area_point_id')
        .onRef('a.group_id', '=', 'z.group_id')
        .onRef('a.merchant_id', '=', 'z.merchant_id'),
    )
    .select(['z.device_id', 'z.zone_no', 'z.name', 'z.area_point_id', 'a.name as area_name'])
    .where('z.merchant_id', '=', scope.merchantId)
    .where('z.group_id', 'in', inList(groupIds))
    .where('z.group_id', 'in', inList(scope.groupIds));
  if (deviceIds) q = q.where('z.device_id', 'in', inList(deviceIds));
  return q.orderBy('z.device_id').orderBy('z.zone_no').execute();
}

/** The park's plots, for the zone editor's picker. */
export function parkPlots(db: Db, scope: Scope, groupId: number) {
  return db
    .selectFrom('area_points')
    .select(['id', 'name', 'crop'])
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', '=', groupId)
    .where('group_id', 'in', inList(scope.groupIds))
    .orderBy('id')
    .execute();
}

/** A plot of the given park (null when it is not there). */
export function plotOfPark(db: Db, scope: Scope, groupId: number, areaPointId: number) {
  return db
    .selectFrom('area_points')
    .select(['id', 'name'])
    .where('id', '=', areaPointId)
    .where('merchant_id', '=', scope.merchantId)
    .where('group_id', '=', groupId)
    .where('group_id', 'in', inList(scope.groupIds))
    .executeTakeFirst();
}

/** Names or links one zone; an unnamed, unlinked zone has no row at all. */
export async function saveZone(
  db: Db,
  row: {
    merchantId: number;
    groupId: number;
    deviceId: number;
    zoneNo: number;
    name: string;
    areaPointId: number | null;
  },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('irrigation_zones')
      .where('merchant_id', '=', row.merchantId)
      .where('device_id', '=', row.deviceId)
      .where('zone_no', '=', row.zoneNo)
      .execute();
    if (row.name === '' && row.areaPointId === null) return;
    await tx
      .insertInto('irrigation_zones')
      .values({
        merchant_id: row.merchantId,
        group_id: row.groupId,
        device_id: row.deviceId,
        zone_no: row.zoneNo,
        name: row.name,
        area_point_id: row.areaPointId,
      })
      .execute();
  });
}
