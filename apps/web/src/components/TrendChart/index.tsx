import { Alert, Empty, Spin } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buildTrendOption, type TrendMode, type TrendSeries } from './option';

export type { TrendMode, TrendSeries } from './option';

export interface TrendChartProps {
  series: readonly TrendSeries[];
  mode?: TrendMode;
  loading?: boolean;
  error?: string | null;
  height?: number;
  /** Called once the chart has drawn the current series (used to time a year's history). */
  onRendered?: () => void;
}

type ECharts = import('echarts').ECharts;
// ECharts is ~1 MB: it loads the first time a chart is shown, never with the main chunk.
let echartsModule: Promise<typeof import('echarts')> | null = null;
export const loadEcharts = () => {
  echartsModule ??= import('echarts');
  return echartsModule;
};

/** A time-series chart: lines or min/avg/max bands, zoom, tooltip with units, legend toggles, save as image. */
export default function TrendChart({
  series,
  mode = 'line',
  loading,
  error,
  height = 320,
  onRendered,
}: TrendChartProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const rendered = useRef(onRendered);
  rendered.current = onRendered;
  const hasPoints = series.some((s) => s.points.length > 0);
  const option = useMemo(
    () =>
      buildTrendOption(series, mode, {
        min: t('chart.min'),
        max: t('chart.max'),
        avg: t('chart.avg'),
        saveImage: t('chart.saveImage'),
      }),
    [series, mode, t],
  );

  const visible = hasPoints && !error;
  useEffect(() => {
    if (!visible || !host.current) {
      // The host div is gone (empty or error state): a chart bound to it cannot be reused.
      chart.current?.dispose();
      chart.current = null;
      return;
    }
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    loadEcharts()
      .then((echarts) => {
        if (cancelled || !host.current) return;
        chart.current ??= echarts.init(host.current);
        const c = chart.current;
        c.off('finished');
        const el = host.current;
        el.removeAttribute('data-rendered');
        c.on('finished', () => {
          c.off('finished');
          // End-to-end tests time a year's history from the response to this mark.
          el.setAttribute('data-rendered', 'true');
          rendered.current?.();
        });
        c.setOption(option, { notMerge: true });
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => c.resize());
          observer.observe(host.current);
        }
      })
      .catch((err: unknown) => console.error('[chart] echarts failed to load', err));
    return () => {
      cancelled = true;
      observer?.disconnect();
    };
  }, [option, visible]);

  useEffect(
    () => () => {
      chart.current?.dispose();
      chart.current = null;
    },
    [],
  );

  if (error)
    return <Alert type="error" showIcon title={t('chart.error')} description={error} data-testid="chart-error" />;
  if (!loading && !hasPoints)
    return (
      <div style={{ height, display: 'grid', placeItems: 'center' }} data-testid="chart-empty">
        <Empty description={t('chart.empty')} />
      </div>
    );
  return (
    <Spin spinning={Boolean(loading)}>
      <div
        ref={host}
        data-testid="trend-chart"
        data-points={series.reduce((n, s) => n + s.points.length, 0)}
        style={{ height, width: '100%' }}
      />
    </Spin>
  );
}
