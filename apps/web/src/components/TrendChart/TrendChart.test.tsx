import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../i18n';
import TrendChart from './index';
import { buildTrendOption } from './option';

const labels = { min: 'min', max: 'max', avg: 'avg', saveImage: 'save' };
const series = [
  {
    name: 'Air temperature',
    unit: '°C',
    decimals: 1,
    points: [
      [1000, 20, 18, 23],
      [2000, 21, 19, 25],
    ] as [number, number, number, number][],
  },
];

describe('TrendChart', () => {
  it('band mode stacks min and spread under the average; the tooltip shows real values with units', () => {
    const option = buildTrendOption(series, 'band', labels);
    const s = option.series as { data: number[][]; stack?: string }[];
    expect(s).toHaveLength(3);
    expect(s[0].data).toEqual([
      [1000, 18],
      [2000, 19],
    ]);
    expect(s[1].data).toEqual([
      [1000, 5],
      [2000, 6],
    ]);
    expect(s[0].stack).toBe(s[1].stack);
    expect(s[2].data).toEqual([
      [1000, 20],
      [2000, 21],
    ]);
    const tip = (option.tooltip as { formatter: (p: unknown) => string }).formatter([
      { seriesIndex: 2, dataIndex: 1, marker: '', axisValue: 2000 },
    ]);
    expect(tip).toContain('Air temperature: avg 21.0 °C (min 19.0 °C, max 25.0 °C)');
    expect(option.toolbox).toMatchObject({ feature: { saveAsImage: { title: 'save' } } });
    expect(option.dataZoom).toHaveLength(2);
  });

  it('line mode has one series per line and drops symbols on long series', () => {
    const long = [
      {
        ...series[0],
        points: Array.from({ length: 2000 }, (_, i) => [i, i, i, i] as [number, number, number, number]),
      },
    ];
    const s = buildTrendOption(long, 'line', labels).series as { showSymbol: boolean; sampling: string }[];
    expect(s).toHaveLength(1);
    expect(s[0]).toMatchObject({ showSymbol: false, sampling: 'lttb' });
  });

  it('shows the empty and error states instead of a blank chart', () => {
    const { rerender } = render(<TrendChart series={[{ ...series[0], points: [] }]} />);
    expect(screen.getByTestId('chart-empty')).toBeTruthy();
    rerender(<TrendChart series={series} error="server said no" />);
    expect(screen.getByTestId('chart-error').textContent).toContain('server said no');
    rerender(<TrendChart series={series} />);
    expect(screen.getByTestId('trend-chart').getAttribute('data-points')).toBe('2');
  });
});
