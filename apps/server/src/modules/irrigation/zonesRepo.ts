import type { Db } from '../../db/connect';
import { inList, merchantWide, type Scope, scoped } from '../../db/scope';

/** Zone names and plot links (`irrigation_zones`): Kysely only. */

/**
 * The named zones of machines in the caller's parks (or in `groupId`), with the linked plot's name. A row
 * whose park is no longer the machine's (the machine was moved) is not the zone's any more, nor is a plot
 * that left the zone's park: a moved machine's zones start unnamed in the new park.
 */
export async function zoneRows(db: Db, scope: Scope, groupId?: number, deviceIds?: readonly number[]) {
  let q = scoped(db, scope, groupId)
    .selectFrom('irrigation_zones as z')
    .innerJoin('devices as d', 'd.id', 'z.device_id')
    .leftJoin('area_points as a', 'a.id', 'z.area_point_id')
    .select([
      'z.device_id',
      'z.zone_no',
      'z.name',
      'z.area_point_id',
      'z.area_m2',
      'z.efficiency',
      'a.name as area_name',
      'a.area as plot_area_ha',
      'z.group_id as zone_park',
      'd.group_id as machine_park',
      'a.group_id as plot_park',
    ]);
  if (deviceIds) q = q.where('z.device_id', 'in', inList(deviceIds));
  const rows = await q.orderBy('z.device_id').orderBy('z.zone_no').execute();
  return rows
    .filter((r) => r.zone_park === r.machine_park)
    .map(({ zone_park, machine_park: _, plot_park, area_name, plot_area_ha, ...r }) => ({
      ...r,
      area_name: plot_park === zone_park ? area_name : null,
      plot_area_ha: plot_park === zone_park && plot_area_ha !== null ? Number(plot_area_ha) : null,
      area_m2: r.area_m2 === null ? null : Number(r.area_m2),
      efficiency: r.efficiency === null ? null : Number(r.efficiency),
    }));
}

const plots = (db: Db, scope: Scope, groupId: number) =>
  scoped(db, scope, groupId).selectFrom('area_points').select(['id', 'name']);

/** The park's plots, for the zone editor's picker. */
export function parkPlots(db: Db, scope: Scope, groupId: number) {
  return plots(db, scope, groupId).select('crop').orderBy('id').execute();
}

/** A plot of the given park (null when it is not there). */
export function plotOfPark(db: Db, scope: Scope, groupId: number, areaPointId: number) {
  return plots(db, scope, groupId).where('id', '=', areaPointId).executeTakeFirst();
}

/**
 * Names or links one zone; an unnamed, unlinked zone has no row at all. The old row goes whichever park
 * it was written in (a zone is its machine's, wherever the machine was then).
 */
export async function saveZone(
  db: Db,
  row: {
    merchantId: number;
    groupId: number;
    deviceId: number;
    zoneNo: number;
    name: string;
    areaPointId: number | null;
    areaM2: number | null;
    efficiency: number | null;
  },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const merchant = merchantWide(tx, row.merchantId);
    await merchant
      .deleteFrom('irrigation_zones')
      .where('device_id', '=', row.deviceId)
      .where('zone_no', '=', row.zoneNo)
      .execute();
    if (row.name === '' && row.areaPointId === null && row.areaM2 === null && row.efficiency === null) return;
    await merchant
      .insertInto('irrigation_zones')
      .values({
        merchant_id: row.merchantId,
        group_id: row.groupId,
        device_id: row.deviceId,
        zone_no: row.zoneNo,
        name: row.name,
        area_point_id: row.areaPointId,
        area_m2: row.areaM2,
        efficiency: row.efficiency,
      })
      .execute();
  });
}
