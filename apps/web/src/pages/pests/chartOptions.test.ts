import type { PestTrend } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { statsBarOption, statsPieOption, trendOption } from './chartOptions';

const rows = [
  { categoryId: 1, name: '棉铃虫', latinName: '', count: 3, alertDays: 0 },
  { categoryId: 2, name: '蚜虫', latinName: '', count: 0, alertDays: 0 },
  { categoryId: 3, name: '小菜蛾', latinName: '', count: 9, alertDays: 1 },
];

describe('pest chart options', () => {
  it('bar and pie show the categories that caught something, largest bar first', () => {
    const bar = statsBarOption(rows, 'n');
    expect(bar.xAxis.data).toEqual(['小菜蛾', '棉铃虫']);
    expect(bar.series[0].data).toEqual([9, 3]);
    expect(statsPieOption(rows, 'n').series[0].data).toEqual([
      { name: '棉铃虫', value: 3 },
      { name: '小菜蛾', value: 9 },
    ]);
  });

  it('trend puts catches on the left axis and the station temperature on the right', () => {
    const day = 86_400_000;
    const trend: PestTrend = {
      days: [Date.UTC(2026, 5, 1), Date.UTC(2026, 5, 1) + day],
      series: [
        { categoryId: 1, name: '棉铃虫', dailyThreshold: 5, counts: [2, 7] },
        { categoryId: 2, name: '蚜虫', dailyThreshold: 0, counts: [0, 0] },
      ],
      temperature: [21.5, null],
      weatherStation: { deviceId: 9, deviceName: 'ws' },
    };
    const o = trendOption(trend, { count: 'n', temperature: 'T', saveImage: 's' });
    expect(o.series.map((s) => [s.name, s.yAxisIndex])).toEqual([
      ['棉铃虫', 0],
      ['T', 1],
    ]);
    expect(o.series[0].markLine).toMatchObject({ data: [{ yAxis: 5 }] });
    expect(o.series[1].data).toEqual([21.5, null]);
    expect(o.xAxis.data).toHaveLength(2);
    const none = trendOption({ ...trend, temperature: [null, null] }, { count: 'n', temperature: 'T', saveImage: 's' });
    expect(none.series).toHaveLength(1);
    expect(none.yAxis[1].show).toBe(false);
  });
});
