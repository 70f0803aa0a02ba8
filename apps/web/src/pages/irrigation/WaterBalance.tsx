import './areaTexts';
import { type IrrigationClass, type WaterBalanceDay, ZONE_COUNT } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Empty, Select, Space, Spin, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getZoneWaterBalance, zoneWaterBalanceUrl } from '../../api/irrigation';
import Chart from '../../components/Chart';
import ExportButton from '../../components/ExportButton';
import { useParkStore } from '../../stores/park';
import { lastDays } from '../../utils/dateRange';
import { zoneLabel } from './confirm';
import { useClassMachines } from './ZoneWater';
import { useZoneNames } from './zoneNames';

const cell = (v: number | null, digits = 2) => (v === null ? '–' : String(Number(v.toFixed(digits))));

/** The chart: demand, effective rain and net irrigation as bars per day, the deficit as a line (mm). */
export function balanceOption(
  days: WaterBalanceDay[],
  names: Record<'demand' | 'rain' | 'applied' | 'deficit', string>,
) {
  const bar = (name: string, color: string, data: (number | null)[]) => ({
    name,
    type: 'bar',
    data,
    itemStyle: { color },
  });
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 36, bottom: 28, containLabel: true },
    xAxis: { type: 'category', data: days.map((d) => d.date.slice(5)) },
    yAxis: { type: 'value', name: 'mm' },
    series: [
      bar(
        names.demand,
        '#fa8c16',
        days.map((d) => d.etcMm),
      ),
      bar(
        names.rain,
        '#1677ff',
        days.map((d) => d.effectiveRainMm),
      ),
      bar(
        names.applied,
        '#52c41a',
        days.map((d) => d.netIrrigationMm),
      ),
      { name: names.deficit, type: 'line', data: days.map((d) => d.deficitMm), itemStyle: { color: '#cf1322' } },
    ],
  };
}

/**
 * A zone's water balance (issue 26, point 2): ETc = Kc × ET0, effective rain, water applied and the deficit
 * per day as a chart and a table, with the same days as a file. The last 30 days by default.
 */
export default function WaterBalance({ deviceClass }: { deviceClass: IrrigationClass }) {
  const { t } = useTranslation();
  const groupId = useParkStore((s) => s.activeGroupId);
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [zoneNo, setZoneNo] = useState<number | null>(null);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => lastDays(30));
  const machines = useClassMachines(deviceClass);
  const chosen = deviceId ?? machines.data?.[0]?.deviceId ?? null;
  const names = useZoneNames()(chosen ?? undefined);
  // the first named zone (one a grower set up) unless one is picked
  const zone = zoneNo ?? [...names.keys()].sort((a, b) => a - b)[0] ?? 1;
  const query = {
    groupId: groupId ?? undefined,
    deviceId: chosen ?? undefined,
    zoneNo: zone,
    from: range[0].format('YYYY-MM-DD'),
    to: range[1].format('YYYY-MM-DD'),
  };
  const q = useQuery({
    queryKey: ['irrigation', 'waterBalance', query],
    queryFn: () => getZoneWaterBalance(query, { silent: true }),
    enabled: chosen !== null && groupId !== null,
  });
  const seriesNames = {
    demand: t('irrBalance.demand'),
    rain: t('irrBalance.rain'),
    applied: t('irrBalance.applied'),
    deficit: t('irrBalance.deficit'),
  };
  const days = q.data?.days ?? [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names change with the language only
  const option = useMemo(() => balanceOption(days, seriesNames), [days, t]);
  const b = q.data;
  return (
    <Card size="small" title={t('irrBalance.title')} data-testid="water-balance">
      <div style={{ marginBottom: 12 }}>
        <Space wrap>
          <Select
            style={{ minWidth: 140 }}
            value={chosen ?? undefined}
            onChange={(v) => {
              setDeviceId(v);
              setZoneNo(null);
            }}
            options={(machines.data ?? []).map((m) => ({ value: m.deviceId, label: m.deviceName }))}
          />
          <Select
            style={{ minWidth: 140 }}
            value={zone}
            onChange={setZoneNo}
            data-testid="water-balance-zone"
            options={Array.from({ length: ZONE_COUNT[deviceClass] }, (_, i) => ({
              value: i + 1,
              label: zoneLabel(t, i + 1, names.get(i + 1)),
            }))}
          />
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0].startOf('day'), v[1].endOf('day')])}
          />
          <ExportButton
            url={() => zoneWaterBalanceUrl({ ...query, format: 'csv' })}
            label={t('irrBalance.exportCsv')}
            disabled={!b}
            testId="water-balance-csv"
          />
          <ExportButton
            url={() => zoneWaterBalanceUrl({ ...query, format: 'xlsx' })}
            label={t('irrBalance.exportXlsx')}
            disabled={!b}
            testId="water-balance-xlsx"
          />
        </Space>
      </div>
      {q.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('irrBalance.failed')}
          action={
            <Button size="small" onClick={() => q.refetch()}>
              {t('irrBalance.retry')}
            </Button>
          }
        />
      ) : q.isLoading || (chosen === null && machines.isLoading) ? (
        <Spin data-testid="water-balance-loading" />
      ) : !b || days.length === 0 ? (
        <Empty description={t('irrBalance.empty')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {b.missing.map((m) => (
            <Alert key={m} type="warning" showIcon message={t(`irrBalance.missing.${m}`)} />
          ))}
          <Typography.Text type="secondary">
            {t('irrBalance.about', {
              area: b.areaM2 ?? '–',
              source: t(b.areaSource === 'plot' ? 'irrBalance.sourcePlot' : 'irrBalance.sourceZone'),
              eff: Math.round(b.efficiency * 100),
              station: b.station?.deviceName ?? t('irrBalance.noStation'),
              sensor: b.sensor?.deviceName ?? t('irrBalance.noSensor'),
            })}
          </Typography.Text>
          <Chart option={option} height={280} testId="water-balance-chart" data={{ 'data-days': days.length }} />
          <Table<WaterBalanceDay>
            rowKey="date"
            size="small"
            data-testid="water-balance-table"
            dataSource={[...days].reverse()}
            pagination={{ pageSize: 10, size: 'small' }}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: t('irrBalance.date'), dataIndex: 'date', fixed: 'left' },
              { title: t('irrBalance.stage'), render: (_, d) => d.stageName ?? '–' },
              { title: t('irrBalance.kc'), render: (_, d) => cell(d.kc) },
              { title: t('irrBalance.et0'), render: (_, d) => cell(d.et0Mm) },
              { title: t('irrBalance.etc'), render: (_, d) => cell(d.etcMm) },
              { title: t('irrBalance.rainMm'), render: (_, d) => cell(d.rainMm) },
              { title: t('irrBalance.effectiveRain'), render: (_, d) => cell(d.effectiveRainMm) },
              { title: t('irrBalance.appliedM3'), render: (_, d) => cell(d.appliedM3, 3) },
              { title: t('irrBalance.appliedMm'), render: (_, d) => cell(d.appliedMm) },
              { title: t('irrBalance.netMm'), render: (_, d) => cell(d.netIrrigationMm) },
              { title: t('irrBalance.soil'), render: (_, d) => cell(d.soilMoisture, 1) },
              { title: t('irrBalance.deficitMm'), render: (_, d) => cell(d.deficitMm) },
            ]}
          />
        </Space>
      )}
    </Card>
  );
}
