import '../areaTexts';
import { Alert, Empty, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Chart from '../Chart';
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
      <Chart
        option={option}
        height={height}
        testId="trend-chart"
        onRendered={onRendered}
        data={{ 'data-points': series.reduce((n, s) => n + s.points.length, 0) }}
      />
    </Spin>
  );
}
