import {
  type AlterDevicePointBody,
  type AlterGroupAreaPointBody,
  type AlterGroupPointBody,
  type AreaPoint,
  Code,
  type DeviceClass,
  type DevicePoint,
  firstVertexOutside,
  type GroupPoint,
  type LngLat,
  pointInPolygon,
} from '@farmpark/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect';
import type { AreaPointsTable, GroupPointsTable } from '../../db/pointsSchema';
import { ApiError, notFound } from '../../http/apiError';
import type { ClientMeta } from '../../http/clientMeta';
import { requirePark, scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import { audited } from '../systemLog/service';
import * as repo from './repo';

const ring = (json: string): LngLat[] => JSON.parse(json) as LngLat[];

function toGroupPoint(r: Selectable<GroupPointsTable>): GroupPoint {
  return {
    pointId: r.id,
    groupId: r.group_id,
    longitude: r.longitude,
    latitude: r.latitude,
    zoom: r.zoom,
    boundary: ring(r.boundary),
    updatedAt: Number(r.updated_at),
  };
}

function toAreaPoint(r: Selectable<AreaPointsTable>): AreaPoint {
  return {
    areaPointId: r.id,
    pointId: r.point_id,
    groupId: r.group_id,
    areaName: r.name,
    crop: r.crop,
    area: r.area,
    boundary: ring(r.boundary),
    remark: r.remark,
  };
}

async function visiblePoint(db: Db, auth: AuthContext, pointId: number) {
  const row = await repo.findGroupPoint(db, scopeOf(auth), pointId);
  if (!row) throw notFound(`pointId ${pointId}: group point`);
  return row;
}

export async function getGroupPoint(db: Db, auth: AuthContext, groupId: number): Promise<GroupPoint | null> {
  requirePark(auth, groupId);
  const row = await repo.findGroupPointByGroup(db, scopeOf(auth), groupId);
  return row ? toGroupPoint(row) : null;
}

export function alterGroupPoint(
  db: Db,
  auth: AuthContext,
  body: AlterGroupPointBody,
  meta: ClientMeta,
): Promise<GroupPoint> {
  return audited(
    db,
    auth,
    meta,
    { action: 'park.point', targetType: 'park', targetId: body.groupId },
    async () => {
      requirePark(auth, body.groupId);
      const scope = scopeOf(auth);
      return db.transaction().execute(async (trx) => {
        const set = {
          longitude: body.longitude,
          latitude: body.latitude,
          zoom: body.zoom,
          boundary: JSON.stringify(body.boundary),
          updated_at: Date.now(),
        };
        const existing = await repo.findGroupPointByGroup(trx, scope, body.groupId);
        if (existing) await repo.updateGroupPoint(trx, scope, existing.id, set);
        else await repo.insertGroupPoint(trx, scope, { ...set, merchant_id: auth.merchantId, group_id: body.groupId });
        await repo.setParkLocation(trx, scope, body.groupId, body.longitude, body.latitude);
        return toGroupPoint((await repo.findGroupPointByGroup(trx, scope, body.groupId))!);
      });
    },
    (p) => ({ detail: `point ${p.pointId}, ${p.boundary.length} boundary vertices` }),
  );
}

export function removeGroupPoint(db: Db, auth: AuthContext, pointId: number, meta: ClientMeta): Promise<void> {
  return audited(
    db,
    auth,
    meta,
    { action: 'park.point.remove', targetType: 'park', detail: `point ${pointId}` },
    async () => {
      const point = await visiblePoint(db, auth, pointId);
      await db.transaction().execute((trx) => repo.deleteGroupPoint(trx, scopeOf(auth), point.id));
    },
  );
}

export async function listAreaPoints(db: Db, auth: AuthContext, pointId: number): Promise<AreaPoint[]> {
  await visiblePoint(db, auth, pointId);
  return (await repo.listAreaPoints(db, scopeOf(auth), pointId)).map(toAreaPoint);
}

/** An area lies inside its park: every vertex within the park boundary, when the park has one. */
function checkInsidePark(boundary: readonly LngLat[], parkBoundary: readonly LngLat[]): void {
  if (parkBoundary.length < 3) return;
  const i = firstVertexOutside(boundary, parkBoundary);
  if (i >= 0) {
    throw new ApiError(Code.VALIDATION, {
      en: `boundary: vertex ${i + 1} (${boundary[i].join(', ')}) lies outside the park boundary`,
      zh: `boundary：第 ${i + 1} 个顶点（${boundary[i].join(', ')}）在园区边界之外`,
    });
  }
}

export function alterAreaPoint(
  db: Db,
  auth: AuthContext,
  body: AlterGroupAreaPointBody,
  meta: ClientMeta,
): Promise<AreaPoint> {
  return audited(
    db,
    auth,
    meta,
    {
      action: body.areaPointId ? 'park.area.alter' : 'park.area.add',
      targetType: 'area',
      targetId: body.areaPointId,
      detail: body.areaName,
    },
    async () => {
      const scope = scopeOf(auth);
      const point = await visiblePoint(db, auth, body.pointId);
      checkInsidePark(body.boundary, ring(point.boundary));
      const siblings = await repo.listAreaPoints(db, scope, point.id);
      if (body.areaPointId !== null && !siblings.some((a) => a.id === body.areaPointId)) {
        throw notFound(`areaPointId ${body.areaPointId}: area point of point ${point.id}`);
      }
      if (siblings.some((a) => a.name === body.areaName && a.id !== body.areaPointId)) {
        throw new ApiError(Code.CONFLICT, {
          en: `areaName: the park already has an area named "${body.areaName}"`,
          zh: `areaName：园区内已有名为“${body.areaName}”的区域`,
        });
      }
      const set = {
        name: body.areaName,
        crop: body.crop,
        area: body.area,
        boundary: JSON.stringify(body.boundary),
        remark: body.remark,
      };
      let id = body.areaPointId;
      if (id !== null) await repo.updateAreaPoint(db, scope, id, set);
      else {
        id = await repo.insertAreaPoint(db, scope, {
          ...set,
          merchant_id: auth.merchantId,
          group_id: point.group_id,
          point_id: point.id,
          created_at: Date.now(),
        });
      }
      const [row] = await repo.findAreaPoints(db, scope, [id]);
      return toAreaPoint(row);
    },
    (a) => ({ targetId: a.areaPointId }),
  );
}

/** All or nothing: one id the caller may not see refuses the whole batch. */
export function removeAreaPoints(db: Db, auth: AuthContext, ids: readonly number[], meta: ClientMeta): Promise<number> {
  const unique = [...new Set(ids)];
  return audited(
    db,
    auth,
    meta,
    { action: 'park.area.remove', targetType: 'area', targetId: unique.join(',') },
    async () => {
      const scope = scopeOf(auth);
      const rows = await repo.findAreaPoints(db, scope, unique);
      const missing = unique.filter((id) => !rows.some((r) => r.id === id));
      if (missing.length > 0) throw notFound(`areaPointIds ${missing.join(',')}: area point`);
      return repo.deleteAreaPoints(db, scope, unique);
    },
    (n) => ({ detail: `${n} removed` }),
  );
}

export async function listDevicePoints(
  db: Db,
  auth: AuthContext,
  groupId: number,
  placed: boolean,
): Promise<DevicePoint[]> {
  requirePark(auth, groupId);
  const rows = await repo.listParkDevicePoints(db, scopeOf(auth), groupId, placed);
  return rows.map((r) => ({
    deviceId: r.id,
    serial: r.serial,
    deviceName: r.name,
    deviceClass: r.device_class as DeviceClass,
    online: r.online === 1,
    longitude: r.longitude,
    latitude: r.latitude,
  }));
}

export function alterDevicePoint(
  db: Db,
  auth: AuthContext,
  body: AlterDevicePointBody,
  meta: ClientMeta,
): Promise<void> {
  const where = body.longitude === null ? 'off the map' : `${body.longitude}, ${body.latitude}`;
  return audited(
    db,
    auth,
    meta,
    { action: 'device.point', targetType: 'device', targetId: body.deviceId, detail: where },
    async () => {
      const scope = scopeOf(auth);
      const device = await repo.findDevice(db, scope, body.deviceId);
      if (!device || device.group_id === null) throw notFound(`deviceId ${body.deviceId}: device`);
      if (body.longitude !== null && body.latitude !== null) {
        const point = await repo.findGroupPointByGroup(db, scope, device.group_id);
        const fence = point ? ring(point.boundary) : [];
        if (fence.length >= 3 && !pointInPolygon([body.longitude, body.latitude], fence)) {
          throw new ApiError(Code.VALIDATION, {
            en: `longitude/latitude: ${where} lies outside the boundary of the device's park`,
            zh: `longitude/latitude：${where} 在设备所属园区边界之外`,
          });
        }
      }
      await repo.setDevicePosition(db, scope, device.id, body.longitude, body.latitude);
    },
  );
}
