import type { LngLat } from '@farmpark/contracts';

/**
 * State of one polygon being drawn: its vertices and the earlier versions for undo. Pure, so the
 * map only renders it and the rules (what undo restores, what a drag changes) are unit-tested.
 */
export interface PolygonEditorState {
  ring: LngLat[];
  history: LngLat[][];
}

export type PolygonAction =
  | { type: 'add'; at: LngLat }
  | { type: 'move'; index: number; at: LngLat }
  | { type: 'remove'; index: number }
  | { type: 'undo' }
  | { type: 'clear' }
  | { type: 'reset'; ring: LngLat[] };

const HISTORY_LIMIT = 100;

const push = (s: PolygonEditorState, ring: LngLat[]): PolygonEditorState => ({
  ring,
  history: [...s.history, s.ring].slice(-HISTORY_LIMIT),
});

export const emptyPolygon = (ring: LngLat[] = []): PolygonEditorState => ({ ring, history: [] });

export function polygonReducer(s: PolygonEditorState, a: PolygonAction): PolygonEditorState {
  switch (a.type) {
    case 'add':
      return push(s, [...s.ring, a.at]);
    case 'move':
      if (a.index < 0 || a.index >= s.ring.length) return s;
      return push(
        s,
        s.ring.map((p, i) => (i === a.index ? a.at : p)),
      );
    case 'remove':
      if (a.index < 0 || a.index >= s.ring.length) return s;
      return push(
        s,
        s.ring.filter((_, i) => i !== a.index),
      );
    case 'undo':
      if (s.history.length === 0) return s;
      return { ring: s.history[s.history.length - 1], history: s.history.slice(0, -1) };
    case 'clear':
      return s.ring.length === 0 ? s : push(s, []);
    case 'reset':
      return emptyPolygon(a.ring);
  }
}

/** A ring the server accepts: none, or at least 3 different vertices. */
export const isSavable = (ring: readonly LngLat[]): boolean =>
  ring.length === 0 || new Set(ring.map(([x, y]) => `${x},${y}`)).size >= 3;

/** Planar area in hectares of a small ring (equirectangular; good to a fraction of a percent for a park). */
export function ringHectares(ring: readonly LngLat[]): number {
  if (ring.length < 3) return 0;
  const lat0 = (ring.reduce((s, p) => s + p[1], 0) / ring.length) * (Math.PI / 180);
  const R = 6_371_008.8;
  const xy = ring.map(([lng, lat]) => [(lng * Math.PI * R * Math.cos(lat0)) / 180, (lat * Math.PI * R) / 180]);
  let twice = 0;
  for (let i = 0; i < xy.length; i++) {
    const [x1, y1] = xy[i];
    const [x2, y2] = xy[(i + 1) % xy.length];
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2 / 10_000;
}
