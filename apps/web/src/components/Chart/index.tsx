import { useEffect, useMemo, useRef } from 'react';
import { prefersReducedMotion } from '../../utils/motion';
import { useParkZone } from '../../utils/time';
import { zonedTimeAxes } from '../../utils/timeAxis';
import { safeOption } from './safeOption';

export { textFormatter } from './safeOption';

type ECharts = import('echarts').ECharts;
// ECharts is ~1 MB: it loads the first time a chart is shown, never with the main chunk.
let echartsModule: Promise<typeof import('echarts')> | null = null;
export const loadEcharts = () => {
  echartsModule ??= import('echarts');
  return echartsModule;
};

export interface ChartProps {
  /** An ECharts option; tooltip formatter functions answer plain text (see `safeOption`). */
  option: Record<string, unknown>;
  height?: number | string;
  testId: string;
  /** Called once the chart has drawn the current option (used to time a year's history). */
  onRendered?: () => void;
  /** Extra data-* attributes on the chart's element (tests read them). */
  data?: Record<`data-${string}`, string | number>;
}

/**
 * The one place the console mounts ECharts: loads it lazily, draws the option (escaped by
 * `safeOption`), follows the element's size, marks `data-rendered` when drawn, and disposes of it. It does
 * not animate for a user who asked for less motion (utils/motion).
 */
export default function Chart({ option, height = 300, testId, onRendered, data }: ChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const rendered = useRef(onRendered);
  rendered.current = onRendered;
  // times on axes read in the active park's zone (utils/timeAxis), like every time of the console
  const zone = useParkZone();
  const safe = useMemo(() => {
    const drawn = safeOption(zonedTimeAxes(option, zone));
    return prefersReducedMotion ? { ...drawn, animation: false } : drawn;
  }, [option, zone]);

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    loadEcharts()
      .then((echarts) => {
        const el = host.current;
        if (cancelled || !el) return;
        chart.current ??= echarts.init(el);
        const c = chart.current;
        el.removeAttribute('data-rendered');
        c.off('finished');
        c.on('finished', () => {
          c.off('finished');
          // End-to-end tests wait for this mark before reading or hovering a chart.
          el.setAttribute('data-rendered', 'true');
          rendered.current?.();
        });
        c.setOption(safe, { notMerge: true });
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => c.resize());
          observer.observe(el);
        }
      })
      .catch((err: unknown) => console.error('[chart] echarts failed to load', err));
    return () => {
      cancelled = true;
      observer?.disconnect();
    };
  }, [safe]);

  useEffect(
    () => () => {
      chart.current?.dispose();
      chart.current = null;
    },
    [],
  );

  return <div ref={host} data-testid={testId} {...data} style={{ height, width: '100%' }} />;
}
