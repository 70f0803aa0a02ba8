import { type AreaPoint, type LngLat, pointInPolygon } from '@farmpark/contracts';

export interface SoilStation {
  deviceId: number;
  deviceName: string;
  /** Position from the park map; null when the device is not placed. */
  at: LngLat | null;
  /** Top-layer moisture (%), null before the first reading. */
  moisture: number | null;
}

export interface SoilRow {
  /** `plot-<id>` or `station-<id>` for a station outside every plot. */
  key: string;
  /** A plot's name, or the station's own name when it stands in no plot (the caller words that). */
  name: string;
  plot: boolean;
  /** Mean of the stations in the plot that have a reading. */
  moisture: number | null;
  stations: number;
}

/**
 * Soil moisture by plot: each station counts for the plot it stands in (the first plot holding its
 * position); a station outside every plot, or not placed, keeps a row of its own so no reading is
 * dropped. Plots without a station are left out: the screen shows measurements, not guesses.
 */
export function soilByPlot(plots: readonly AreaPoint[], stations: readonly SoilStation[]): SoilRow[] {
  const inPlot = new Map<number, SoilStation[]>();
  const alone: SoilRow[] = [];
  for (const s of stations) {
    const plot = s.at ? plots.find((p) => pointInPolygon(s.at as LngLat, p.boundary)) : undefined;
    if (plot) inPlot.set(plot.areaPointId, [...(inPlot.get(plot.areaPointId) ?? []), s]);
    else
      alone.push({ key: `station-${s.deviceId}`, name: s.deviceName, plot: false, moisture: s.moisture, stations: 1 });
  }
  const rows: SoilRow[] = [];
  for (const p of plots) {
    const list = inPlot.get(p.areaPointId);
    if (!list) continue;
    const values = list.flatMap((s) => (s.moisture === null ? [] : [s.moisture]));
    rows.push({
      key: `plot-${p.areaPointId}`,
      name: p.areaName,
      plot: true,
      moisture: values.length ? values.reduce((a, b) => a + b, 0) / values.length : null,
      stations: list.length,
    });
  }
  return [...rows, ...alone];
}
