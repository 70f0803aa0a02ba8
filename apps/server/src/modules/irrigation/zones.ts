import {
  type AlterZoneBody,
  Code,
  classAllowed,
  type DeviceClass,
  IRRIGATION_CLASSES,
  type IrrigationClass,
  type IrrigationZone,
  ZONE_COUNT,
  type ZonePlot,
  zoneOwnName,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError, notFound } from '../../http/apiError';
import { requirePark, type ScopeSource, scopeOf } from '../../http/scope';
import * as repo from './repo';
import * as zonesRepo from './zonesRepo';

/** Named zones: every zone of the park's irrigation machines, with its name and plot when someone set them. */

interface Caller extends ScopeSource {
  grants: Parameters<typeof classAllowed>[0];
}

const isIrrigationClass = (c: string): c is IrrigationClass => (IRRIGATION_CLASSES as readonly string[]).includes(c);

/** Every zone (1..the machine's zone count) of the park's machines; `name` null keeps the default. */
export async function listZones(db: Db, who: Caller, groupId: number, deviceId?: number): Promise<IrrigationZone[]> {
  requirePark(who, groupId);
  const classes = IRRIGATION_CLASSES.filter((c) => classAllowed(who.grants, c as DeviceClass));
  const devices = (await repo.parkDevices(db, scopeOf(who), groupId, classes)).filter(
    (d) => deviceId === undefined || d.id === deviceId,
  );
  if (deviceId !== undefined && devices.length === 0) throw notFound(`deviceId ${deviceId}: machine`);
  const rows = await zonesRepo.zoneRows(
    db,
    scopeOf(who),
    groupId,
    devices.map((d) => d.id),
  );
  const byKey = new Map(rows.map((r) => [`${r.device_id}:${r.zone_no}`, r]));
  const out: IrrigationZone[] = [];
  for (const d of devices) {
    for (let zoneNo = 1; zoneNo <= ZONE_COUNT[d.device_class as IrrigationClass]; zoneNo++) {
      const r = byKey.get(`${d.id}:${zoneNo}`);
      out.push({
        deviceId: d.id,
        zoneNo,
        name: r?.name || null,
        areaPointId: r?.area_name != null ? r.area_point_id : null,
        areaPointName: r?.area_name ?? null,
        areaM2: r?.area_m2 ?? null,
        efficiency: r?.efficiency ?? null,
      });
    }
  }
  return out;
}

/** The plots of a park a zone may be linked to (the irrigation pages may not have the park map's permission). */
export async function listZonePlots(db: Db, who: ScopeSource, groupId: number): Promise<ZonePlot[]> {
  requirePark(who, groupId);
  const rows = await zonesRepo.parkPlots(db, scopeOf(who), groupId);
  return rows.map((r) => ({ areaPointId: r.id, name: r.name, crop: r.crop }));
}

/** Names a zone and links it to a plot of the machine's own park (blank name: the default; no plot: unlinked). */
export async function alterZone(db: Db, who: Caller, body: AlterZoneBody): Promise<IrrigationZone> {
  const device = await repo.findDevice(db, scopeOf(who), body.deviceId);
  if (!device || device.group_id === null) throw notFound(`deviceId ${body.deviceId}: machine`);
  const cls = device.device_class;
  if (!isIrrigationClass(cls)) {
    throw new ApiError(Code.VALIDATION, `deviceId: ${device.name} is a ${cls}, which has no irrigation zones`);
  }
  if (!classAllowed(who.grants, cls)) throw new ApiError(Code.PERMISSION_DENIED, `You may not operate ${cls} devices`);
  if (body.zoneNo > ZONE_COUNT[cls]) {
    throw new ApiError(
      Code.VALIDATION,
      {
        en: `zoneNo: zone ${body.zoneNo} does not exist; ${device.name} has ${ZONE_COUNT[cls]}`,
        zh: `zoneNo：${device.name} 只有 ${ZONE_COUNT[cls]} 个分区，没有 ${body.zoneNo}区`,
      },
      { field: 'zoneNo', rule: 'max', params: { max: ZONE_COUNT[cls] } },
    );
  }
  let plot: { id: number; name: string } | undefined;
  if (body.areaPointId !== null) {
    plot = await zonesRepo.plotOfPark(db, scopeOf(who), device.group_id, body.areaPointId);
    // A plot of another park (or merchant) is answered like one that does not exist.
    if (!plot) throw notFound(`areaPointId ${body.areaPointId}: plot of this machine's park`);
  }
  await zonesRepo.saveZone(db, {
    merchantId: who.merchantId,
    groupId: device.group_id,
    deviceId: device.id,
    zoneNo: body.zoneNo,
    name: body.name,
    areaPointId: plot?.id ?? null,
    areaM2: body.areaM2,
    efficiency: body.efficiency,
  });
  return {
    deviceId: device.id,
    zoneNo: body.zoneNo,
    name: body.name || null,
    areaPointId: plot?.id ?? null,
    areaPointName: plot?.name ?? null,
    areaM2: body.areaM2,
    efficiency: body.efficiency,
  };
}

/**
 * Zone names of every machine in the caller's parks, for phrasing rows that span parks (exports, logs):
 * device id -> zone number -> name (own name, else the plot's).
 */
export async function zoneNameBook(db: Db, who: ScopeSource): Promise<Map<number, Map<number, string>>> {
  const rows = await zonesRepo.zoneRows(db, scopeOf(who));
  const book = new Map<number, Map<number, string>>();
  for (const r of rows) {
    const name = zoneOwnName({ name: r.name, areaPointName: r.area_name ?? null });
    if (!name) continue;
    const zones = book.get(r.device_id) ?? new Map<number, string>();
    zones.set(r.zone_no, name);
    book.set(r.device_id, zones);
  }
  return book;
}
