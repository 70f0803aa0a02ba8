import '../areaTexts';
import type { PestTrend } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pestTrend } from '../../../api/screens';
import Chart, { loadEcharts } from '../../../components/Chart';
import { formatTime, inPark } from '../../../utils/time';
import Panel from '../Panel';
import type { Palette } from '../palette';
import { REFRESH } from '../timing';

/** Stacked daily catches by category over the last 7 park days; categories with no catch are left out. */
export function pestOption(trend: PestTrend, palette: Palette) {
  const series = trend.series
    .filter((s) => s.counts.some((n) => n > 0))
    .map((s) => ({ type: 'bar', stack: 'catches', name: s.name, data: s.counts, barMaxWidth: 28 }));
  const axis = { lineStyle: { color: palette.axis } };
  return {
    color: [...palette.series],
    textStyle: { color: palette.text, fontSize: 14 },
    grid: { left: 8, right: 8, top: 40, bottom: 4, containLabel: true },
    legend: { type: 'scroll', top: 0, left: 0, right: 0, textStyle: { color: palette.text, fontSize: 14 } },
    tooltip: { trigger: 'axis', confine: true },
    xAxis: {
      type: 'category',
      data: trend.days.map((d) => formatTime(d, 'short').slice(0, 5)),
      axisLine: axis,
      axisLabel: { color: palette.muted, fontSize: 13 },
    },
    yAxis: {
      type: 'value',
      // the panel's title says what is counted; a name up here would sit under the legend
      minInterval: 1,
      axisLabel: { color: palette.muted, fontSize: 13 },
      splitLine: { lineStyle: { color: palette.grid } },
    },
    series,
  };
}

export default function PestsPanel({
  groupId,
  hasTraps,
  permitted,
  palette,
  zone,
}: {
  groupId: number;
  hasTraps: boolean;
  permitted: boolean;
  palette: Palette;
  zone: string;
}) {
  const { t } = useTranslation();
  // the 7 park days up to today, moved on when the park's date changes (the key holds the day)
  const today = inPark(Date.now(), zone).format('YYYY-MM-DD');
  const query = useQuery({
    queryKey: ['screen', 'pests', groupId, today, zone],
    queryFn: () => {
      const end = inPark(Date.now(), zone).endOf('day');
      return pestTrend(groupId, end.subtract(6, 'day').startOf('day').valueOf(), end.valueOf());
    },
    enabled: hasTraps && permitted,
    refetchInterval: REFRESH.pests,
    refetchIntervalInBackground: true,
    retry: false,
  });
  // The chart's code (ECharts, about 1 MB) is fetched when the screen opens, not when the first catch
  // of the week comes in: that may be hours later, when the server is out of reach, and a screen left on
  // would then take a one-time step of some 3.5 MB of heap in the middle of its day (bench:screen saw it).
  useEffect(() => {
    if (hasTraps && permitted) loadEcharts().catch(() => undefined);
  }, [hasTraps, permitted]);
  const trend = query.data;
  const total = trend ? trend.series.reduce((sum, s) => sum + s.counts.reduce((a, b) => a + b, 0), 0) : 0;
  const option = useMemo(() => (trend ? pestOption(trend, palette) : null), [trend, palette]);
  return (
    <Panel
      title={t('screen.pests.title')}
      testId="screen-pests"
      extra={trend ? t('screen.pests.total', { count: total }) : undefined}
      bodyStyle={{ padding: '8px 12px' }}
      state={{
        forbidden: !permitted,
        loading: query.isPending && query.fetchStatus !== 'idle',
        error: query.isError && !trend,
        empty: !hasTraps || (trend !== undefined && total === 0),
        emptyText: hasTraps ? t('screen.pests.none') : t('screen.pests.noTraps'),
      }}
    >
      {option ? <Chart option={option} height="100%" testId="screen-pests-chart" /> : null}
    </Panel>
  );
}
