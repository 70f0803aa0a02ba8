import '../areaTexts';
import type { ParamDataRow } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Segmented, Select, Skeleton, Space, Table, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataSource, exportParamDataUrl, getParamDataList, getSeries } from '../../api/telemetry';
import { type DateRange, last7Days } from '../../utils/dateRange';
import { formatTime, pickedDays } from '../../utils/time';
import { ExportButtons } from '../ExportButton';
import ParamSelect from '../filters/ParamSelect';
import { defaultKeys, visibleParams } from '../filters/params';
import RangeField from '../filters/RangeField';
import { formatValue } from '../live/formatValue';
import { useParamConfigs } from '../live/useParamConfigs';
import TrendChart from '../TrendChart';

/** Device, range and parameters; the chart (server-downsampled) or the server-paged table; exports. */
export default function HistoryPanel({ source }: { source: DataSource }) {
  const { t } = useTranslation();
  const configs = useParamConfigs(source);
  const devices = configs.data ?? [];
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [range, setRange] = useState<DateRange>(() => last7Days());
  const [keys, setKeys] = useState<string[]>([]);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });

  const device = devices.find((d) => d.deviceId === deviceId);
  const params = useMemo(() => visibleParams(device), [device]);
  useEffect(() => {
    if (deviceId === null && devices.length) setDeviceId(devices[0].deviceId);
  }, [devices, deviceId]);
  useEffect(() => setKeys(defaultKeys(params)), [params]);
  const [startTime, endTime] = pickedDays(range);
  const ready = deviceId !== null && keys.length > 0;

  const series = useQuery({
    queryKey: ['history-series', deviceId, keys, startTime, endTime],
    enabled: ready && view === 'chart',
    queryFn: () => getSeries({ deviceIds: [deviceId!], keys, startTime, endTime }),
  });
  const table = useQuery({
    queryKey: ['history-table', source, deviceId, keys, startTime, endTime, page],
    enabled: ready && view === 'table',
    queryFn: () => getParamDataList(source, { deviceId: deviceId!, keys, startTime, endTime, ...page }),
  });

  const chartSeries = useMemo(
    () =>
      keys.flatMap((k) => {
        const p = params.find((x) => x.key === k);
        const s = series.data?.series.find((x) => x.key === k);
        return p ? [{ name: p.name, unit: p.unit, decimals: p.decimals, points: s?.points ?? [] }] : [];
      }),
    [keys, params, series.data],
  );
  const columns: TableColumnsType<ParamDataRow> = [
    { title: t('history.time'), dataIndex: 'ts', width: 160, fixed: 'left', render: (ts: number) => formatTime(ts) },
    ...keys.flatMap((k) => {
      const p = params.find((x) => x.key === k);
      if (!p) return [];
      return [
        {
          title: p.unit ? `${p.name} (${p.unit})` : p.name,
          key: k,
          width: 130,
          render: (_: unknown, row: ParamDataRow) =>
            row.values[k] === undefined ? '—' : formatValue(p, row.values[k], t),
        },
      ];
    }),
  ];

  if (configs.isLoading) return <Skeleton active />;
  if (configs.error)
    return <Alert type="error" showIcon title={t('live.loadFailed')} description={configs.error.message} />;
  if (devices.length === 0) return <Empty description={t('live.noDevices')} />;

  return (
    <Card data-testid="history-panel">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          style={{ width: 200 }}
          value={deviceId ?? undefined}
          onChange={(v) => {
            setDeviceId(v);
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
          options={devices.map((d) => ({ value: d.deviceId, label: d.deviceName }))}
          aria-label={t('history.device')}
          data-testid="history-device"
        />
        <RangeField
          value={range}
          onChange={(r) => {
            setRange(r);
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
        />
        <ParamSelect
          params={params}
          value={keys}
          onChange={setKeys}
          placeholder={t('history.params')}
          testId="history-params"
        />
        <Segmented
          value={view}
          onChange={(v) => setView(v as 'chart' | 'table')}
          options={[
            { value: 'chart', label: t('history.chart') },
            { value: 'table', label: t('history.table') },
          ]}
          data-testid="history-view"
        />
        <ExportButtons
          url={(format) => exportParamDataUrl({ deviceId: deviceId!, keys, startTime, endTime, format })}
          disabled={!ready}
          formats={['csv', 'xlsx']}
        />
      </Space>
      {!ready ? (
        <Empty description={t('history.pickParams')} />
      ) : view === 'chart' ? (
        <TrendChart
          series={chartSeries}
          loading={series.isFetching}
          error={series.error ? series.error.message : null}
          height={380}
        />
      ) : (
        <Table<ParamDataRow>
          rowKey="ts"
          size="small"
          columns={columns}
          dataSource={table.data?.list ?? []}
          loading={table.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: table.error ? table.error.message : t('common.empty') }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: table.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('history.total', { total }),
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          }}
          data-testid="history-table"
        />
      )}
    </Card>
  );
}
