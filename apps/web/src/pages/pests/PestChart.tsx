import { Empty } from 'antd';
import { useEffect, useRef } from 'react';
import { loadEcharts } from '../../components/TrendChart';
import { useText } from './text';

type ECharts = import('echarts').ECharts;

/** One ECharts chart of an option built elsewhere; ECharts loads with the first chart, through the shared loader. */
export default function PestChart({
  option,
  empty,
  height = 300,
  testId,
}: {
  option: Record<string, unknown>;
  empty: boolean;
  height?: number;
  testId: string;
}) {
  const t = useText();
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    if (empty || !host.current) {
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
        const el = host.current;
        el.removeAttribute('data-rendered');
        c.off('finished');
        c.on('finished', () => {
          c.off('finished');
          el.setAttribute('data-rendered', 'true');
        });
        c.setOption(option, { notMerge: true });
        observer = new ResizeObserver(() => c.resize());
        observer.observe(el);
      })
      .catch((err: unknown) => console.error('[chart] echarts failed to load', err));
    return () => {
      cancelled = true;
      observer?.disconnect();
    };
  }, [option, empty]);

  useEffect(
    () => () => {
      chart.current?.dispose();
      chart.current = null;
    },
    [],
  );

  if (empty)
    return (
      <div style={{ height, display: 'grid', placeItems: 'center' }} data-testid={`${testId}-empty`}>
        <Empty description={t('noData')} />
      </div>
    );
  return <div ref={host} data-testid={testId} style={{ height, width: '100%' }} />;
}
