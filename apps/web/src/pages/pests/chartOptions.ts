import type { PestStatisticsRow, PestTrend } from '@farmpark/contracts';
import { formatTime } from '../../utils/time';

/** ECharts options of the statistics and trend pages, pure so tests can read them without a canvas. */

export const dayLabel = (ts: number) => formatTime(ts, 'date');

/** Categories that caught nothing stay in the table but would only crowd the charts. */
const caught = (rows: readonly PestStatisticsRow[]) => rows.filter((r) => r.count > 0);

export function statsBarOption(rows: readonly PestStatisticsRow[], countLabel: string) {
  const list = caught(rows).sort((a, b) => b.count - a.count);
  return {
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, confine: true },
    xAxis: {
      type: 'category',
      data: list.map((r) => r.name),
      axisLabel: { interval: 0, rotate: list.length > 4 ? 30 : 0, width: 90, overflow: 'truncate' },
    },
    yAxis: { type: 'value', name: countLabel, minInterval: 1 },
    series: [
      {
        type: 'bar',
        name: countLabel,
        data: list.map((r) => r.count),
        barMaxWidth: 40,
        label: { show: true, position: 'top' },
      },
    ],
  };
}

export function statsPieOption(rows: readonly PestStatisticsRow[], countLabel: string) {
  return {
    // On a phone, names outside the ring do not fit: the legend names the slices, the slices show the share.
    media: [
      { option: { series: [{ label: { position: 'outside', formatter: '{b}\n{d}%' } }] } },
      { query: { maxWidth: 480 }, option: { series: [{ label: { position: 'inside', formatter: '{d}%' } }] } },
    ],
    tooltip: { trigger: 'item', confine: true, formatter: '{b}: {c} ({d}%)' },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        type: 'pie',
        name: countLabel,
        radius: ['35%', '65%'],
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        label: { formatter: '{b}\n{d}%' },
        data: caught(rows).map((r) => ({ name: r.name, value: r.count })),
      },
    ],
  };
}

/**
 * Daily catches per category as lines on the left axis and the weather station's daily mean air
 * temperature, dashed, on the right axis. Categories with no catch in the range are left out.
 */
export function trendOption(trend: PestTrend, labels: { count: string; temperature: string; saveImage: string }) {
  const series: Record<string, unknown>[] = trend.series
    .filter((s) => s.counts.some((n) => n > 0))
    .map((s) => ({
      type: 'line',
      name: s.name,
      yAxisIndex: 0,
      showSymbol: trend.days.length < 60,
      data: s.counts,
      // The threshold as a dotted line without a label: its number would sit on the temperature axis.
      markLine:
        s.dailyThreshold > 0
          ? {
              silent: true,
              symbol: 'none',
              label: { show: false },
              lineStyle: { type: 'dotted' },
              data: [{ yAxis: s.dailyThreshold }],
            }
          : undefined,
    }));
  const hasTemp = trend.temperature.some((v) => v !== null);
  if (hasTemp)
    series.push({
      type: 'line',
      name: labels.temperature,
      yAxisIndex: 1,
      showSymbol: false,
      connectNulls: false,
      lineStyle: { type: 'dashed', width: 2 },
      itemStyle: { color: '#fa8c16' },
      data: trend.temperature,
    });
  return {
    grid: { left: 8, right: 8, top: 60, bottom: 56, containLabel: true },
    legend: { type: 'scroll', top: 0, left: 0, right: 40 },
    tooltip: { trigger: 'axis', confine: true },
    toolbox: { right: 0, top: 0, feature: { saveAsImage: { title: labels.saveImage, pixelRatio: 2 } } },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
    xAxis: { type: 'category', data: trend.days.map(dayLabel) },
    yAxis: [
      { type: 'value', name: labels.count, minInterval: 1 },
      // The unit is in the series name: an axis name up there would run into the save button.
      {
        type: 'value',
        scale: true,
        show: hasTemp,
        splitLine: { show: false },
        axisLabel: { formatter: '{value} °C' },
      },
    ],
    series,
  };
}
