import '../../areaTexts';
import type { AlarmPreview, RuleCondition } from '@farmpark/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Chart from '../../../../components/Chart';

/** Periods the rule would have been active: from each fire to its clear (or the end of the range). */
export function activePeriods(events: AlarmPreview['devices'][number]['events'], end: number): [number, number][] {
  const out: [number, number][] = [];
  let from: number | null = null;
  for (const e of events) {
    if (e.type === 'fire') from = e.ts;
    else if (from !== null) {
      out.push([from, e.ts]);
      from = null;
    }
  }
  if (from !== null) out.push([from, end]);
  return out;
}

/**
 * The real data of the last 7 days with the rule's limits and the periods it would have been active.
 * (TrendChart draws series only; this preview needs limit lines and shaded periods.)
 */
export default function PreviewChart({
  device,
  condition,
  end,
  unit,
}: {
  device: AlarmPreview['devices'][number];
  condition: RuleCondition;
  end: number;
  unit: string;
}) {
  const { t } = useTranslation();
  const option = useMemo(() => {
    const limits =
      condition.kind === 'threshold'
        ? (condition.op === 'above' || condition.op === 'below'
            ? [condition.value]
            : [condition.low, condition.high]
          ).filter((v): v is number => v !== undefined)
        : [];
    const offline = condition.kind === 'offline';
    return {
      animation: false,
      grid: { left: 48, right: 16, top: 24, bottom: 48 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'time' },
      yAxis: offline ? { type: 'value', show: false, min: 0, max: 2 } : { type: 'value', scale: true, name: unit },
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
      series: [
        {
          name: offline ? t('alarm.preview.reported') : device.deviceName,
          type: offline ? 'scatter' : 'line',
          symbolSize: offline ? 3 : 0,
          showSymbol: offline,
          data: device.points,
          markLine: limits.length
            ? {
                symbol: 'none',
                lineStyle: { type: 'dashed', color: '#cf1322' },
                label: { formatter: `${t('alarm.preview.threshold')} {c}` },
                data: limits.map((y) => ({ yAxis: y })),
              }
            : undefined,
          markArea: {
            itemStyle: { color: 'rgba(255, 77, 79, 0.15)' },
            data: activePeriods(device.events, end).map(([a, b]) => [
              { xAxis: a, name: t('alarm.preview.active') },
              { xAxis: b },
            ]),
          },
        },
      ],
    };
  }, [device, condition, end, unit, t]);
  return <Chart option={option} height={260} testId="preview-chart" />;
}
