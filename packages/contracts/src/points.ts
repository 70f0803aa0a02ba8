import { z } from 'zod';
import type { DeviceClass } from './deviceClasses';
import { id, idList } from './envelope';
import { named, refinement } from './errorDetail';
import { jsonText, nullable, numberField, withDefault } from './requestValues';

/**
 * Park map data (SPEC §7 `group-area-point/*`): the group point (park location, boundary, zoom),
 * area points (plots inside the park) and device points (where each device stands).
 * Coordinates are [longitude, latitude] in WGS84 degrees, GeoJSON order.
 */
export type LngLat = [number, number];

export interface GroupPoint {
  pointId: number;
  groupId: number;
  longitude: number;
  latitude: number;
  /** Map zoom the park opens at. */
  zoom: number;
  /** Park boundary ring (not closed: the last vertex joins the first); empty when not drawn. */
  boundary: LngLat[];
  updatedAt: number;
}

export interface AreaPoint {
  areaPointId: number;
  pointId: number;
  groupId: number;
  areaName: string;
  crop: string;
  /** Hectares. */
  area: number | null;
  boundary: LngLat[];
  remark: string;
}

export interface DevicePoint {
  deviceId: number;
  serial: string;
  deviceName: string;
  deviceClass: DeviceClass;
  online: boolean;
  longitude: number | null;
  latitude: number | null;
}

export const MAX_POLYGON_VERTICES = 500;

const coordinate = (min: number, max: number) => numberField((n) => n.min(min).max(max));

const lngLat = z.tuple([coordinate(-180, 180), coordinate(-90, 90)]);

/**
 * A ring of at least 3 distinct vertices, or empty for "not drawn". Form bodies carry it as its JSON
 * text, JSON bodies as the array itself.
 */
export const polygonField = () =>
  withDefault(
    jsonText(
      z
        .array(lngLat)
        .max(MAX_POLYGON_VERTICES)
        .refine((ring) => ring.length === 0 || new Set(ring.map(([x, y]) => `${x},${y}`)).size >= 3, named('polygon')),
    ),
    [],
  );

/** Ray casting; a point on an edge counts as inside so a device placed on the fence is accepted. */
export function pointInPolygon([x, y]: LngLat, ring: readonly LngLat[]): boolean {
  if (ring.length < 3) return false;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    const cross = (x - xi) * (yj - yi) - (y - yi) * (xj - xi);
    if (
      Math.abs(cross) < 1e-12 &&
      x >= Math.min(xi, xj) &&
      x <= Math.max(xi, xj) &&
      y >= Math.min(yi, yj) &&
      y <= Math.max(yi, yj)
    ) {
      return true;
    }
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The index of the first vertex of `inner` outside `outer`, or -1 when all lie inside. */
export function firstVertexOutside(inner: readonly LngLat[], outer: readonly LngLat[]): number {
  return inner.findIndex((p) => !pointInPolygon(p, outer));
}

const text = (max: number) => z.string().trim().max(max).default('');

export const groupPointQuery = z.object({ groupId: id });
export const pointIdQuery = z.object({ pointId: id });

export const alterGroupPointBody = z.object({
  groupId: id,
  longitude: coordinate(-180, 180),
  latitude: coordinate(-90, 90),
  zoom: withDefault(
    numberField((n) => n.min(1).max(20)),
    16,
  ),
  boundary: polygonField(),
});
export type AlterGroupPointBody = z.infer<typeof alterGroupPointBody>;

export const removeGroupPointBody = z.object({ pointId: id });

export const alterGroupAreaPointBody = z.object({
  /** Absent: a new area point. */
  areaPointId: nullable(id),
  pointId: id,
  areaName: z.string().trim().min(1).max(50),
  crop: text(100),
  area: nullable(numberField((n) => n.min(0).max(1_000_000))),
  boundary: polygonField(),
  remark: text(500),
});
export type AlterGroupAreaPointBody = z.infer<typeof alterGroupAreaPointBody>;

export const removeBatchGroupAreaPointBody = z.object({ areaPointIds: idList });

/** Both coordinates, or neither (null: take the device off the map). */
export const alterDevicePointBody = z
  .object({
    deviceId: id,
    longitude: nullable(coordinate(-180, 180)),
    latitude: nullable(coordinate(-90, 90)),
  })
  .refine(
    (b) => (b.longitude === null) === (b.latitude === null),
    refinement('together', { others: 'longitude' }, ['latitude']),
  );
export type AlterDevicePointBody = z.infer<typeof alterDevicePointBody>;

/** `group-area-point/getGisMapList`: every park the caller may see, with its map data and devices. */
export interface GisPark {
  groupId: number;
  groupName: string;
  /** Park location without a group point (from the park form), else null. */
  longitude: number | null;
  latitude: number | null;
  point: GroupPoint | null;
  areas: AreaPoint[];
  devices: DevicePoint[];
}
