import type { AreaPoint, LngLat } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { soilByPlot } from './soilByPlot';

const square = (x: number, y: number): LngLat[] => [
  [x, y],
  [x + 1, y],
  [x + 1, y + 1],
  [x, y + 1],
];
const plot = (id: number, name: string, ring: LngLat[]): AreaPoint => ({
  areaPointId: id,
  pointId: 1,
  groupId: 1,
  areaName: name,
  crop: '',
  area: null,
  boundary: ring,
  remark: '',
});

describe('soilByPlot', () => {
  const plots = [plot(1, 'A', square(0, 0)), plot(2, 'B', square(2, 0)), plot(3, 'C', square(4, 0))];

  it('averages the stations standing in each plot, in plot order, leaving out plots without one', () => {
    const rows = soilByPlot(plots, [
      { deviceId: 11, deviceName: 's11', at: [2.5, 0.5], moisture: 30 },
      { deviceId: 12, deviceName: 's12', at: [0.5, 0.5], moisture: 20 },
      { deviceId: 13, deviceName: 's13', at: [0.2, 0.8], moisture: 25 },
    ]);
    expect(rows).toEqual([
      { key: 'plot-1', name: 'A', plot: true, moisture: 22.5, stations: 2 },
      { key: 'plot-2', name: 'B', plot: true, moisture: 30, stations: 1 },
    ]);
  });

  it('keeps a row of its own for a station outside every plot or not placed, so no reading is dropped', () => {
    const rows = soilByPlot(plots, [
      { deviceId: 21, deviceName: 'far', at: [9, 9], moisture: 41 },
      { deviceId: 22, deviceName: 'unplaced', at: null, moisture: null },
    ]);
    expect(rows.map((r) => [r.key, r.plot, r.moisture])).toEqual([
      ['station-21', false, 41],
      ['station-22', false, null],
    ]);
  });

  it('shows a plot with no reading yet as unknown, not as zero', () => {
    const rows = soilByPlot(plots, [{ deviceId: 31, deviceName: 's', at: [4.5, 0.5], moisture: null }]);
    expect(rows).toEqual([{ key: 'plot-3', name: 'C', plot: true, moisture: null, stations: 1 }]);
  });
});
