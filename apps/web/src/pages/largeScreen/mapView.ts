import type { LngLat } from '@farmpark/contracts';

const TILE = 256;
const MAX_ZOOM = 19;

/** Web Mercator y of a latitude at zoom 0, in tile pixels (0 at the north edge, 256 at the south). */
const mercatorY = (lat: number) => {
  const phi = (Math.max(-85, Math.min(85, lat)) * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * TILE;
};

/**
 * Centre and zoom that show all `points` as large as a `width` x `height` map allows, with `margin`
 * of each side left free, in half-zoom steps as the map snaps. A park is often smaller than the
 * console's maps let a fit zoom in to; a screen shows it filling its panel.
 */
export function viewOf(
  points: readonly LngLat[],
  width: number,
  height: number,
  margin = 0.04,
): { center: LngLat; zoom: number } | null {
  if (points.length === 0 || width <= 0 || height <= 0) return null;
  const lngs = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  const [west, east, south, north] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  const center: LngLat = [(west + east) / 2, (south + north) / 2];
  const dx = ((east - west) / 360) * TILE;
  const dy = Math.abs(mercatorY(south) - mercatorY(north));
  const room = 1 - 2 * margin;
  const fits = [
    dx > 0 ? (width * room) / dx : Number.POSITIVE_INFINITY,
    dy > 0 ? (height * room) / dy : Number.POSITIVE_INFINITY,
  ];
  const scale = Math.min(...fits);
  const zoom = Number.isFinite(scale) ? Math.floor(Math.log2(scale) * 2) / 2 : MAX_ZOOM - 2;
  return { center, zoom: Math.max(1, Math.min(MAX_ZOOM, zoom)) };
}
