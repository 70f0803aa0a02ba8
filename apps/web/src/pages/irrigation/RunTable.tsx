import './areaTexts';
import type { IrrigationClass, IrrigationRun } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRunList, runExportUrl } from '../../api/irrigation';
import ExportButton from '../../components/ExportButton';
import FilterFold from '../../components/table/FilterFold';
import { useTableLayout } from '../../components/table/tableLayout';
import { useIrrigationLive } from '../../mqtt/useIrrigationLive';
import { useParkStore } from '../../stores/park';
import { formatTime } from '../../utils/time';
import { zonesText } from './confirm';
import RunFilters, { type RunQuery } from './RunFilters';
import { runOperatorText, runReasonText } from './sentences';
import { useZoneNames } from './zoneNames';

export const RUN_COLOR: Record<string, string> = {
  starting: 'processing',
  running: 'processing',
  stopping: 'warning',
  done: 'success',
  stopped: 'default',
  failed: 'error',
};
const time = (ts: number | null) => formatTime(ts, 'datetime', { empty: '-' });

/**
 * Running record: every run with its zones, water, fertiliser by tank, trigger, operator and outcome;
 * filtered by machine, zone, trigger, outcome and days, and exported with the same filters.
 */
export default function RunTable({ deviceClass }: { deviceClass: IrrigationClass }) {
  const { t } = useTranslation();
  useIrrigationLive();
  const groupId = useParkStore((s) => s.activeGroupId);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [filter, setFilter] = useState<RunQuery>({});
  const namesOf = useZoneNames();
  const query = { groupId: groupId ?? undefined, deviceClass, ...filter };
  const q = useQuery({
    queryKey: ['irrigation', 'runs', query, page],
    queryFn: () => getRunList({ ...query, ...page }),
    enabled: groupId !== null,
  });
  const columns: TableColumnsType<IrrigationRun> = [
    { title: '#', dataIndex: 'runId', width: 60, responsive: ['sm'] },
    { title: t('irr.device'), dataIndex: 'deviceName', width: 140 },
    {
      // start and end in one cell (the end without its date when it is the same day), so the
      // outcome and its reason fit on a laptop screen without scrolling sideways
      title: `${t('irr.startAt')} / ${t('irr.endAt')}`,
      width: 170,
      render: (_, r) => {
        const start = r.startedAt ?? r.createdAt;
        const sameDay = r.endedAt !== null && formatTime(r.endedAt, 'date') === formatTime(start, 'date');
        return (
          <>
            <div>{time(start)}</div>
            <Typography.Text type="secondary">
              {r.endedAt === null ? '-' : sameDay ? formatTime(r.endedAt, 'time') : time(r.endedAt)}
            </Typography.Text>
          </>
        );
      },
    },
    // a phone keeps the machine, the times and the outcome; zones and water need a wider screen
    {
      title: t('irr.zones'),
      render: (_, r) => zonesText(t, r.zones, namesOf(r.deviceId)),
      width: 150,
      responsive: ['md'],
    },
    {
      title: `${t('irr.water')} (m³)`,
      render: (_, r) => (r.waterM3 === null ? '-' : r.waterM3.toFixed(2)),
      width: 100,
      responsive: ['md'],
    },
    {
      title: `${t('irr.fertiliser')} (L)`,
      render: (_, r) =>
        r.fertiliser.length ? r.fertiliser.map((f) => `${t(`irr.tank.${f.tank}`)}: ${f.litres}`).join(', ') : '-',
      width: 150,
      // fertiliser by tank is what a running record is read for: shown from a laptop's width up
      responsive: ['xl'],
    },
    {
      title: t('irr.outcome'),
      width: 190,
      render: (_, r) => (
        <>
          <span data-testid={`run-${r.runId}-state`} data-state={r.state}>
            <Tag color={RUN_COLOR[r.state]}>{t(`irr.runState.${r.state}`)}</Tag>
          </span>
          <div>
            <Typography.Text type={r.state === 'failed' ? 'danger' : 'secondary'} data-testid={`run-${r.runId}-reason`}>
              {runReasonText(t, r)}
            </Typography.Text>
          </div>
        </>
      ),
    },
    {
      title: t('irr.program'),
      render: (_, r) => `${t(`irr.trigger.${r.trigger}`)}${r.triggerName ? ` ${r.triggerName}` : ''}`,
      width: 130,
    },
    { title: t('irr.operator'), render: (_, r) => runOperatorText(t, r), width: 110, responsive: ['xl'] },
  ];
  const layout = useTableLayout(columns);
  return (
    <div data-testid="run-record">
      <Space wrap align="start" style={{ width: '100%', justifyContent: 'space-between' }}>
        <FilterFold
          phone={layout.phone}
          active={Object.values(filter).filter((v) => v !== undefined).length}
          testId="run"
        >
          {(close) => (
            <RunFilters
              deviceClass={deviceClass}
              phone={layout.phone}
              onApply={(f) => {
                setFilter(f);
                setPage((p) => ({ ...p, pageNum: 1 }));
                close();
              }}
            />
          )}
        </FilterFold>
        <ExportButton url={() => runExportUrl(query)} label={t('crud.export')} testId="run-export" />
      </Space>
      <Table<IrrigationRun>
        rowKey="runId"
        size="small"
        data-testid="run-table"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        scroll={layout.scroll}
        pagination={layout.pager({
          current: page.pageNum,
          pageSize: page.pageSize,
          total: q.data?.total ?? 0,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        })}
        columns={layout.columns}
      />
    </div>
  );
}
