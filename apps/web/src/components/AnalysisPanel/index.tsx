import '../areaTexts';
import type { AggregateBucket, AggregateResult } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Row, Segmented, Select, Skeleton, Space, Table, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AggregateInterval, type DataSource, getAggregateList } from '../../api/telemetry';
import { type DateRange, lastDays } from '../../utils/dateRange';
import { inPark, pickedDays } from '../../utils/time';
import ParamSelect from '../filters/ParamSelect';
import { defaultKeys, visibleParams } from '../filters/params';
import RangeField from '../filters/RangeField';
import { useParamConfigs } from '../live/useParamConfigs';
import TrendChart, { type TrendSeries } from '../TrendChart';
import AgronomyCard, { MAX_HOURLY_DAYS } from './AgronomyCard';
import { dailyCounterTotal, summaryStats } from './agronomy';
import PeriodGaps from './PeriodGaps';

const toPoints = (buckets: readonly AggregateBucket[], shiftMs = 0) =>
  buckets.map((b) => [b.ts + shiftMs, b.avg, b.min, b.max] as [number, number, number, number]);

/** A sensible interval for a range: hours for a few days, days up to a year, then months. */
export function defaultInterval(range: DateRange): AggregateInterval {
  const days = range[1].diff(range[0], 'day', true);
  return days <= 3 ? 'hour' : days <= 400 ? 'day' : 'month';
}

const bucketsOf = (r: AggregateResult | undefined, deviceId: number, key: string) =>
  r?.series.find((s) => s.deviceId === deviceId && s.key === key)?.buckets ?? [];

/** Range and interval; min/avg/max bands, device comparison, this period against a year earlier, statistics. */
export default function AnalysisPanel({ source }: { source: DataSource }) {
  const { t } = useTranslation();
  const configs = useParamConfigs(source);
  const devices = configs.data ?? [];
  const [range, setRange] = useState<DateRange>(() => lastDays(30));
  const [interval, setBucketInterval] = useState<AggregateInterval>('day');
  const [deviceIds, setDeviceIds] = useState<number[]>([]);
  const [keys, setKeys] = useState<string[]>([]);
  const [tab, setTab] = useState('band');

  const first = devices.find((d) => d.deviceId === deviceIds[0]);
  const params = useMemo(() => visibleParams(first), [first]);
  useEffect(() => {
    if (deviceIds.length === 0 && devices.length) setDeviceIds([devices[0].deviceId]);
  }, [devices, deviceIds.length]);
  useEffect(
    () => setKeys((k) => (k.length ? k.filter((x) => params.some((p) => p.key === x)) : defaultKeys(params))),
    [params],
  );

  const [startTime, endTime] = pickedDays(range);
  const tooManyHours = interval === 'hour' && endTime - startTime > MAX_HOURLY_DAYS * 86_400_000;
  const ready = deviceIds.length > 0 && keys.length > 0 && !tooManyHours;
  const current = useQuery({
    queryKey: ['aggregates', deviceIds, keys, interval, startTime, endTime],
    enabled: ready,
    queryFn: () => getAggregateList({ deviceIds, keys, interval, startTime, endTime }),
  });
  const yearMs = (ts: number) => inPark(ts).subtract(1, 'year').valueOf();
  const previous = useQuery({
    queryKey: ['aggregates-prev', deviceIds[0], keys, interval, startTime, endTime],
    enabled: ready && tab === 'periods',
    queryFn: () =>
      getAggregateList({
        deviceIds: [deviceIds[0]],
        keys,
        interval,
        startTime: yearMs(startTime),
        endTime: yearMs(endTime),
      }),
  });

  const nameOf = (id: number) => devices.find((d) => d.deviceId === id)?.deviceName ?? String(id);
  const paramOf = (k: string) => params.find((p) => p.key === k);
  const charts = (
    build: (key: string) => TrendSeries[],
    mode: 'line' | 'band',
    loading: boolean,
    error: Error | null,
  ) => (
    <Row gutter={[16, 16]}>
      {keys.map((k) => (
        <Col xs={24} xl={keys.length > 1 ? 12 : 24} key={k}>
          <Card size="small" title={paramOf(k)?.name ?? k}>
            <TrendChart
              series={build(k)}
              mode={mode}
              loading={loading}
              error={error ? error.message : null}
              height={280}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
  const seriesOf = (key: string, deviceId: number, result: AggregateResult | undefined, label: string, shift = 0) => {
    const p = paramOf(key);
    return {
      name: label,
      unit: p?.unit ?? '',
      decimals: p?.decimals ?? 1,
      points: toPoints(bucketsOf(result, deviceId, key), shift),
    };
  };
  // Last year's points move forward a year so both periods share the axis.
  const shiftYear = startTime - yearMs(startTime);

  const stats = deviceIds.flatMap((id) =>
    keys.map((k) => {
      const buckets = bucketsOf(current.data, id, k);
      const s = summaryStats(buckets);
      const p = paramOf(k);
      const isCounter = p?.kind === 'counter';
      return {
        id: `${id}-${k}`,
        device: nameOf(id),
        param: p ? (p.unit ? `${p.name} (${p.unit})` : p.name) : k,
        decimals: p?.decimals ?? 1,
        ...s,
        // A daily-reset counter totals per day; only day buckets say that directly.
        total: isCounter && interval === 'day' ? dailyCounterTotal(buckets) : null,
      };
    }),
  );
  const fmt = (v: number | null | undefined, d: number) => (v === null || v === undefined ? '—' : v.toFixed(d));

  if (configs.isLoading) return <Skeleton active />;
  if (configs.error)
    return <Alert type="error" showIcon title={t('live.loadFailed')} description={configs.error.message} />;
  if (devices.length === 0) return <Empty description={t('live.noDevices')} />;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="analysis-panel">
      <Card>
        <Space wrap>
          <RangeField
            value={range}
            onChange={(r) => {
              setRange(r);
              setBucketInterval(defaultInterval(r));
            }}
          />
          <Segmented
            value={interval}
            onChange={(v) => setBucketInterval(v as AggregateInterval)}
            options={(['hour', 'day', 'month'] as const).map((v) => ({ value: v, label: t(`analysis.${v}`) }))}
            data-testid="analysis-interval"
          />
          <Select
            mode="multiple"
            style={{ minWidth: 200, maxWidth: '100%' }}
            value={deviceIds}
            onChange={(v: number[]) => setDeviceIds(v)}
            maxTagCount="responsive"
            placeholder={t('analysis.devices')}
            options={devices.map((d) => ({ value: d.deviceId, label: d.deviceName }))}
            data-testid="analysis-devices"
          />
          <ParamSelect
            params={params}
            value={keys}
            onChange={setKeys}
            placeholder={t('analysis.params')}
            testId="analysis-params"
          />
        </Space>
        {tooManyHours ? (
          <Alert
            style={{ marginTop: 12 }}
            type="warning"
            showIcon
            title={t('analysis.hourlyTooLong', { days: MAX_HOURLY_DAYS })}
          />
        ) : null}
      </Card>
      {!ready ? (
        <Empty description={t('analysis.pick')} />
      ) : (
        <>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'band',
                label: t('analysis.band'),
                children: charts(
                  (k) => [seriesOf(k, deviceIds[0], current.data, nameOf(deviceIds[0]))],
                  'band',
                  current.isFetching,
                  current.error,
                ),
              },
              {
                key: 'devices',
                label: t('analysis.compareDevices'),
                children: charts(
                  (k) => deviceIds.map((id) => seriesOf(k, id, current.data, nameOf(id))),
                  'line',
                  current.isFetching,
                  current.error,
                ),
              },
              {
                key: 'periods',
                label: t('analysis.comparePeriods'),
                children: (
                  <>
                    <PeriodGaps
                      deviceId={deviceIds[0]}
                      keys={keys}
                      periods={[
                        {
                          label: t('analysis.thisPeriod'),
                          startTime,
                          endTime,
                          result: current.data,
                          settled: current.isSuccess && !current.isFetching,
                        },
                        {
                          label: t('analysis.yearEarlier'),
                          startTime: yearMs(startTime),
                          endTime: yearMs(endTime),
                          result: previous.data,
                          settled: previous.isSuccess && !previous.isFetching,
                        },
                      ]}
                    />
                    {charts(
                      (k) => [
                        seriesOf(k, deviceIds[0], current.data, t('analysis.thisPeriod')),
                        seriesOf(k, deviceIds[0], previous.data, t('analysis.yearEarlier'), shiftYear),
                      ],
                      'line',
                      current.isFetching || previous.isFetching,
                      current.error ?? previous.error,
                    )}
                  </>
                ),
              },
            ]}
          />
          <Card size="small" title={t('analysis.summary')}>
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              scroll={{ x: 'max-content' }}
              loading={current.isFetching}
              dataSource={stats}
              data-testid="analysis-summary"
              columns={[
                { title: t('analysis.device'), dataIndex: 'device' },
                { title: t('analysis.param'), dataIndex: 'param' },
                { title: t('chart.min'), render: (_, r) => fmt(r.min, r.decimals) },
                { title: t('chart.max'), render: (_, r) => fmt(r.max, r.decimals) },
                { title: t('analysis.mean'), render: (_, r) => fmt(r.mean, r.decimals) },
                { title: t('analysis.total'), render: (_, r) => fmt(r.total, r.decimals) },
                { title: t('analysis.readings'), render: (_, r) => r.count ?? 0 },
              ]}
            />
          </Card>
          {first ? <AgronomyCard device={first} startTime={startTime} endTime={endTime} /> : null}
        </>
      )}
    </Space>
  );
}
