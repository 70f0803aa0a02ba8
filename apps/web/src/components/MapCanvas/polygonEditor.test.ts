import { describe, expect, it } from 'vitest';
import { emptyPolygon, isSavable, polygonReducer, ringHectares } from './polygonEditor';

describe('polygon editor state', () => {
  it('adds vertices, moves one, and undoes step by step back to empty', () => {
    let s = emptyPolygon();
    s = polygonReducer(s, { type: 'add', at: [1, 1] });
    s = polygonReducer(s, { type: 'add', at: [2, 1] });
    s = polygonReducer(s, { type: 'add', at: [2, 2] });
    s = polygonReducer(s, { type: 'move', index: 1, at: [3, 1] });
    expect(s.ring).toEqual([
      [1, 1],
      [3, 1],
      [2, 2],
    ]);
    s = polygonReducer(s, { type: 'undo' });
    expect(s.ring[1]).toEqual([2, 1]);
    s = polygonReducer(s, { type: 'undo' });
    s = polygonReducer(s, { type: 'undo' });
    s = polygonReducer(s, { type: 'undo' });
    expect(s.ring).toEqual([]);
    expect(polygonReducer(s, { type: 'undo' })).toBe(s);
  });

  it('clears with undo back to the drawn ring; reset starts a fresh history', () => {
    let s = emptyPolygon([
      [1, 1],
      [2, 1],
      [2, 2],
    ]);
    s = polygonReducer(s, { type: 'clear' });
    expect(s.ring).toEqual([]);
    s = polygonReducer(s, { type: 'undo' });
    expect(s.ring).toHaveLength(3);
    s = polygonReducer(s, { type: 'reset', ring: [[5, 5]] });
    expect(s).toEqual({ ring: [[5, 5]], history: [] });
  });

  it('ignores moves and removals of vertices that do not exist', () => {
    const s = emptyPolygon([[1, 1]]);
    expect(polygonReducer(s, { type: 'move', index: 3, at: [0, 0] })).toBe(s);
    expect(polygonReducer(s, { type: 'remove', index: -1 })).toBe(s);
    expect(polygonReducer(s, { type: 'remove', index: 0 }).ring).toEqual([]);
  });

  it('knows which rings the server accepts and measures them', () => {
    expect(isSavable([])).toBe(true);
    expect(
      isSavable([
        [1, 1],
        [1, 1],
        [2, 2],
      ]),
    ).toBe(false);
    // 0.01° x 0.01° at the equator is about 1.11 km x 1.11 km = 123.6 ha
    const sq = ringHectares([
      [0, 0],
      [0.01, 0],
      [0.01, 0.01],
      [0, 0.01],
    ]);
    expect(sq).toBeGreaterThan(123);
    expect(sq).toBeLessThan(124.5);
  });
});
