import { describe, expect, it } from 'vitest';
import { buildTrendOption, type TrendSeries } from './option';

const labels = { min: 'min', max: 'max', avg: 'avg', saveImage: 'save' };
const line = (name: string, unit: string, base: number): TrendSeries => ({
  name,
  unit,
  decimals: 2,
  points: [
    [1000, base, base, base],
    [2000, base + 1, base + 1, base + 1],
  ],
});

type Axis = { name: string; position: string; offset: number };

describe('TrendChart axes', () => {
  it('gives each unit its own y-axis and binds every series to its unit', () => {
    const option = buildTrendOption(
      [line('Flow', 'm³/h', 40), line('Pressure', 'MPa', 0.3), line('Flow 2', 'm³/h', 35)],
      'line',
      labels,
    );
    const axes = option.yAxis as Axis[];
    expect(axes.map((a) => [a.name, a.position])).toEqual([
      ['m³/h', 'left'],
      ['MPa', 'right'],
    ]);
    expect((option.series as { yAxisIndex: number }[]).map((s) => s.yAxisIndex)).toEqual([0, 1, 0]);
  });

  it('steps a third and fourth unit outwards on alternate sides, and keeps room for them', () => {
    const option = buildTrendOption(
      [line('a', 'A', 1), line('b', 'B', 2), line('c', 'C', 3), line('d', 'D', 4)],
      'band',
      labels,
    );
    const axes = option.yAxis as Axis[];
    expect(axes.map((a) => [a.position, a.offset])).toEqual([
      ['left', 0],
      ['right', 0],
      ['left', 56],
      ['right', 56],
    ]);
    // band mode: the min base, the spread and the average of a series share its unit's axis
    const idx = (option.series as { yAxisIndex: number }[]).map((s) => s.yAxisIndex);
    expect(idx).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]);
    expect(option.grid).toMatchObject({ left: 64, right: 72 });
  });

  it('one unit: one axis named by it', () => {
    const axes = buildTrendOption([line('t', '°C', 20)], 'line', labels).yAxis as Axis[];
    expect(axes).toHaveLength(1);
    expect(axes[0]).toMatchObject({ name: '°C', position: 'left', offset: 0 });
  });
});
