import type { LngLat } from '@farmpark/contracts';
import type { DemoPark } from './data';

/** 1 mu (亩), the unit Chinese farms measure land in. */
const MU_M2 = 2000 / 3;
const M_PER_DEG_LAT = 111_320;
/** Margin inside the boundary and the width of the field roads between plots. */
const EDGE_M = 8;
const ROAD_M = 6;

export interface DemoPlot {
  name: string;
  crop: string;
  /** Hectares, as area points store it. */
  hectares: number;
  mu: number;
  boundary: LngLat[];
  centre: LngLat;
}

export interface DemoLayout {
  boundary: LngLat[];
  plots: DemoPlot[];
  /** Where each of the park's devices stands, in the order of `park.devices`: on a plot. */
  devices: { longitude: number; latitude: number }[];
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * A park as a surveyor would lay it out: its boundary a rectangle of the park's area (twice as wide as
 * deep) around its centre, cut by field roads into a grid of plots, and the devices set out on the plots
 * (the first device on the first plot, the next on the next, wrapping round). Metres become degrees at
 * the park's latitude, so the areas on the map match the stated mu.
 */
export function demoLayout(park: DemoPark): DemoLayout {
  const m2 = park.area * MU_M2;
  const width = Math.sqrt(2 * m2);
  const depth = m2 / width;
  const mLon = 1 / (M_PER_DEG_LAT * Math.cos((park.latitude * Math.PI) / 180));
  const mLat = 1 / M_PER_DEG_LAT;
  // (x, y) in metres from the park's south-west corner, to [lng, lat]
  const at = (x: number, y: number): LngLat => [
    round6(park.longitude + (x - width / 2) * mLon),
    round6(park.latitude + (y - depth / 2) * mLat),
  ];
  const rect = (x0: number, y0: number, x1: number, y1: number): LngLat[] => [
    at(x0, y0),
    at(x1, y0),
    at(x1, y1),
    at(x0, y1),
  ];

  const cols = Math.ceil(park.plots.length / 2);
  const rows = park.plots.length > 1 ? 2 : 1;
  const plotW = (width - 2 * EDGE_M - (cols - 1) * ROAD_M) / cols;
  const plotD = (depth - 2 * EDGE_M - (rows - 1) * ROAD_M) / rows;
  const plots = park.plots.map((p, i): DemoPlot => {
    // numbered from the north-west corner, west to east, as plot numbers are painted
    const col = i % cols;
    const row = rows - 1 - Math.floor(i / cols);
    const x0 = EDGE_M + col * (plotW + ROAD_M);
    const y0 = EDGE_M + row * (plotD + ROAD_M);
    const mu = Math.round(((plotW * plotD) / MU_M2) * 10) / 10;
    return {
      name: p.name,
      crop: p.crop,
      mu,
      hectares: Math.round((mu / 15) * 100) / 100,
      boundary: rect(x0, y0, x0 + plotW, y0 + plotD),
      centre: at(x0 + plotW / 2, y0 + plotD / 2),
    };
  });

  const onPlot = new Array<number>(plots.length).fill(0);
  const devices = park.devices.map((_, i) => {
    const k = i % plots.length;
    const nth = onPlot[k]++;
    // a plot's devices stand in a row across its middle, 1/5 of the plot apart
    const col = (i % plots.length) % cols;
    const row = rows - 1 - Math.floor(k / cols);
    const x = EDGE_M + col * (plotW + ROAD_M) + plotW * (0.2 + 0.2 * (nth % 4));
    const y = EDGE_M + row * (plotD + ROAD_M) + plotD * (nth < 4 ? 0.5 : 0.25);
    const [longitude, latitude] = at(x, y);
    return { longitude, latitude };
  });

  return { boundary: rect(0, 0, width, depth), plots, devices };
}
