import '../areaTexts';
import type { AggregateResult } from '@farmpark/contracts';
import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../utils/time';

export interface ComparedPeriod {
  /** Which side: this period or a year earlier. */
  label: string;
  startTime: number;
  endTime: number;
  result: AggregateResult | undefined;
  /** Still loading or failed: not known to be empty yet. */
  settled: boolean;
}

const isEmpty = (r: AggregateResult | undefined, deviceId: number, keys: readonly string[]) =>
  !r?.series.some((s) => s.deviceId === deviceId && keys.includes(s.key) && s.buckets.length > 0);

/**
 * A comparison with a side that holds nothing says so, with the dates, instead of a chart with one line
 * missing that reads as "the same as last year" or as a fault.
 */
export default function PeriodGaps({
  periods,
  deviceId,
  keys,
}: {
  periods: readonly ComparedPeriod[];
  deviceId: number;
  keys: readonly string[];
}) {
  const { t } = useTranslation();
  const empty = periods.filter((p) => p.settled && isEmpty(p.result, deviceId, keys));
  if (empty.length === 0) return null;
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
      {empty.map((p) => (
        <Alert
          key={p.label}
          type="info"
          showIcon
          data-testid="analysis-period-empty"
          title={t('analysis.noDataFor', {
            period: p.label,
            from: formatTime(p.startTime, 'date'),
            to: formatTime(p.endTime, 'date'),
          })}
        />
      ))}
    </Space>
  );
}
