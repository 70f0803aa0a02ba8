type LngLat = [number, number];

/**
 * Where a device stands: inside a plot when its map position lies inside the plot's boundary (devices carry
 * longitude/latitude, plots a polygon; the map page sets both). Standing in a plot is what the default
 * sensors of a plot start from (plotSensors.ts); the operator's binding overrides it.
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

/** The devices of `devices` standing inside a plot's boundary (none when it has no polygon). */
export function standingIn<D extends { longitude: number | null; latitude: number | null }>(
  boundary: string,
  devices: D[],
): D[] {
  const polygon = parseBoundary(boundary);
  if (polygon.length < 3) return [];
  return devices.filter(
    (d) =>
      d.longitude !== null && d.latitude !== null && insidePolygon([Number(d.longitude), Number(d.latitude)], polygon),
  );
}
