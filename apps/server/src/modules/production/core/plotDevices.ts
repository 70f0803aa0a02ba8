import type { Db } from '../../../db/connect';
import type { Scope } from '../../../db/scope';
import { placedDevices, plotsOfPark } from './plotsRepo';

type LngLat = [number, number];

/**
 * Devices belong to a plot by where they stand: a device of the park whose map position lies inside the
 * plot's boundary (devices carry longitude/latitude, plots a polygon; the map page sets both). No separate
 * link to keep in step: moving a device on the map moves it to the plot it now stands on.
 */
export function insidePolygon([x, y]: LngLat, polygon: LngLat[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i];
    const [xj, yj] = polygon[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function parseBoundary(text: string): LngLat[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? (v.filter((p) => Array.isArray(p) && p.length >= 2) as LngLat[]) : [];
  } catch {
    return [];
  }
}

/** The devices standing on each plot of a park (plot id -> device ids). */
export async function devicesByPlot(db: Db, scope: Scope, groupId: number): Promise<Map<number, number[]>> {
  const [plots, devices] = await Promise.all([plotsOfPark(db, scope, groupId), placedDevices(db, scope, groupId)]);
  const out = new Map<number, number[]>();
  for (const p of plots) {
    const polygon = parseBoundary(p.boundary);
    if (polygon.length < 3) continue;
    out.set(
      p.id,
      devices.filter((d) => insidePolygon([Number(d.longitude), Number(d.latitude)], polygon)).map((d) => d.id),
    );
  }
  return out;
}
