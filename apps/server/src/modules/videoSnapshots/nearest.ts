import { type LngLat, pointInPolygon } from '@farmpark/contracts';
import type { SnapshotCamera } from './cameras';

/** An alarm keeps pictures from at most this many cameras (one plot's cameras, nearest first). */
export const ALARM_CAMERAS_MAX = 2;

export interface Plot {
  id: number;
  boundary: LngLat[];
}

const placeOf = (c: { longitude: number | null; latitude: number | null }): LngLat | null =>
  c.longitude === null || c.latitude === null ? null : [Number(c.longitude), Number(c.latitude)];

/** Squared distance on a local flat map (a park is small): longitude shrinks with the latitude's cosine. */
function distance2(a: LngLat, b: LngLat): number {
  const k = Math.cos(((a[1] + b[1]) / 2) * (Math.PI / 180));
  return ((a[0] - b[0]) * k) ** 2 + (a[1] - b[1]) ** 2;
}

/**
 * The cameras that saw an alarm's device: those of the plot the device stands in (by the camera's plot,
 * or its position inside the plot), else the nearest by map position, else, when nothing is placed on
 * the map, the park's first camera (a park-wide view beats no picture).
 */
export function nearestCameras(
  cameras: SnapshotCamera[],
  device: { longitude: number | null; latitude: number | null } | undefined,
  plots: Plot[],
): SnapshotCamera[] {
  if (cameras.length === 0) return [];
  const at = device ? placeOf(device) : null;
  if (!at) return cameras.slice(0, 1);
  const byDistance = (list: SnapshotCamera[]) =>
    list
      .map((c) => ({ c, p: placeOf(c) }))
      .sort((x, y) => (x.p ? distance2(at, x.p) : Infinity) - (y.p ? distance2(at, y.p) : Infinity))
      .map((x) => x.c);
  const plot = plots.find((p) => p.boundary.length >= 3 && pointInPolygon(at, p.boundary));
  if (plot) {
    const inPlot = cameras.filter((c) => {
      const p = placeOf(c);
      return c.plotId === plot.id || (p !== null && pointInPolygon(p, plot.boundary));
    });
    if (inPlot.length > 0) return byDistance(inPlot).slice(0, ALARM_CAMERAS_MAX);
  }
  const placed = cameras.filter((c) => placeOf(c) !== null);
  return placed.length > 0 ? byDistance(placed).slice(0, 1) : cameras.slice(0, 1);
}

/** Plot boundaries as stored (JSON text); a malformed one is no plot. */
export function readPlots(rows: { id: number; boundary: string }[]): Plot[] {
  return rows.flatMap((r) => {
    try {
      const b = JSON.parse(r.boundary) as LngLat[];
      return Array.isArray(b) ? [{ id: r.id, boundary: b }] : [];
    } catch {
      return [];
    }
  });
}
