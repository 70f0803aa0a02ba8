import { formatTime } from '../../utils/time';
import { unitAxes } from './axes';

/** One line of a chart: points are [ts, avg, min, max] as the telemetry API returns them. */
export interface TrendSeries {
  name: string;
  unit: string;
  decimals: number;
  points: readonly (readonly [number, number, number, number])[];
}

export type TrendMode = 'line' | 'band';

export interface TrendLabels {
  min: string;
  max: string;
  avg: string;
  saveImage: string;
}

const fmt = (v: number, decimals: number, unit: string) => `${v.toFixed(decimals)}${unit ? ` ${unit}` : ''}`;

/** A chart's time, in the active park's zone like every time of the console. */
export const formatTs = (ts: number): string => formatTime(ts, 'minute');

interface TooltipParam {
  seriesIndex: number;
  dataIndex: number;
  marker: string;
  axisValue: number | string;
}

/**
 * The ECharts option of a trend chart. In band mode each series becomes three: the minimum (an
 * invisible base), the max-min spread stacked on it (the shaded band) and the average line; the
 * tooltip reads the original points so it shows real min/avg/max with units, not the spread.
 */
export function buildTrendOption(series: readonly TrendSeries[], mode: TrendMode, labels: TrendLabels) {
  const out: Record<string, unknown>[] = [];
  const owner: { s: number; role: 'avg' | 'min' | 'band' }[] = [];
  const large = series.reduce((n, s) => n + s.points.length, 0) > 3000;
  const axes = unitAxes(series.map((s) => s.unit));
  series.forEach((s, i) => {
    const common = {
      showSymbol: s.points.length < 60,
      animation: !large,
      sampling: 'lttb' as const,
      yAxisIndex: axes.axisOf(s.unit),
    };
    if (mode === 'band') {
      const stack = `band${i}`;
      out.push({
        ...common,
        name: s.name,
        type: 'line',
        stack,
        data: s.points.map((p) => [p[0], p[2]]),
        lineStyle: { opacity: 0 },
        showSymbol: false,
        silent: true,
      });
      owner.push({ s: i, role: 'min' });
      out.push({
        ...common,
        name: s.name,
        type: 'line',
        stack,
        data: s.points.map((p) => [p[0], p[3] - p[2]]),
        lineStyle: { opacity: 0 },
        areaStyle: { opacity: 0.25 },
        showSymbol: false,
        silent: true,
      });
      owner.push({ s: i, role: 'band' });
    }
    out.push({ ...common, name: s.name, type: 'line', data: s.points.map((p) => [p[0], p[1]]) });
    owner.push({ s: i, role: 'avg' });
  });

  const tooltipFormatter = (params: TooltipParam | TooltipParam[]) => {
    const list = Array.isArray(params) ? params : [params];
    if (list.length === 0) return '';
    const lines = [formatTs(Number(list[0].axisValue))];
    for (const p of list) {
      const o = owner[p.seriesIndex];
      if (o?.role !== 'avg') continue;
      const s = series[o.s];
      const pt = s.points[p.dataIndex];
      if (!pt) continue;
      const v = (x: number) => fmt(x, s.decimals, s.unit);
      lines.push(
        mode === 'band' || pt[2] !== pt[3]
          ? `${p.marker}${s.name}: ${labels.avg} ${v(pt[1])} (${labels.min} ${v(pt[2])}, ${labels.max} ${v(pt[3])})`
          : `${p.marker}${s.name}: ${v(pt[1])}`,
      );
    }
    // plain text: the chart escapes it and turns line breaks into <br/>
    return lines.join('\n');
  };

  return {
    animation: !large,
    grid: { left: axes.gridLeft, right: axes.gridRight, top: 60, bottom: 56, containLabel: true },
    legend: { type: 'scroll', top: 0, left: 0, right: 40 },
    tooltip: { trigger: 'axis', confine: true, formatter: tooltipFormatter },
    toolbox: { right: 0, top: 0, feature: { saveAsImage: { title: labels.saveImage, pixelRatio: 2 } } },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
    xAxis: { type: 'time' },
    yAxis: axes.yAxis,
    series: out,
  };
}
