import '../../components/areaTexts';
import './areaTexts';
import type { PestKind } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Progress, Row, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getStatistics, getTrend } from '../../api/pests';
import { usePager } from '../../components/table/tableLayout';
import { useParkStore } from '../../stores/park';
import { lastDays } from '../../utils/dateRange';
import { formatTime, pickedDays } from '../../utils/time';
import { statsBarOption, statsPieOption, trendOption } from './chartOptions';
import PestChart from './PestChart';

type PeriodQuery = { groupId: number; kind: PestKind; startTime: number; endTime: number };

/**
 * One of the active park's pest reads over a period the user picks, and the period's picker. A season by
 * default: traps catch little for weeks in winter, and the demo holds 90 days.
 */
function usePeriodRead<T>(name: string, kind: PestKind, read: (q: PeriodQuery) => Promise<T>) {
  const { t } = useTranslation();
  const groupId = useParkStore((s) => s.activeGroupId);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => lastDays(90));
  const [startTime, endTime] = pickedDays(range);
  const q = { startTime, endTime };
  const query = useQuery({
    queryKey: ['pests', name, kind, groupId, q],
    queryFn: () => read({ groupId: groupId as number, kind, ...q }),
    enabled: groupId !== null,
  });
  const picker = (
    <>
      <span>{t('pests.range')}</span>
      <DatePicker.RangePicker
        value={range}
        onChange={(v) => v?.[0] && v[1] && setRange([v[0].startOf('day'), v[1].endOf('day')])}
        allowClear={false}
      />
    </>
  );
  return { query, picker };
}

/** Catches by category over a period, from the detections (corrections show at once). */
export function Statistics({ kind }: { kind: PestKind }) {
  const { t } = useTranslation();
  const { query: stats, picker } = usePeriodRead('stats', kind, getStatistics);
  const max = Math.max(1, ...(stats.data?.rows.map((r) => r.count) ?? [1]));
  const rows = stats.data?.rows;
  const bar = useMemo(() => statsBarOption(rows ?? [], t('pests.count')), [rows, t]);
  const pie = useMemo(() => statsPieOption(rows ?? [], t('pests.count')), [rows, t]);
  const empty = !rows?.some((r) => r.count > 0);
  return (
    <Card size="small">
      <Space wrap style={{ marginBottom: 12 }}>
        {picker}
        <Typography.Text data-testid="stats-total">
          {t('pests.total')} {stats.data?.total ?? 0} · {stats.data?.photos ?? 0} {t('pests.photos')}
        </Typography.Text>
      </Space>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={14}>
          <PestChart option={bar} empty={empty} testId="stats-bar" />
        </Col>
        <Col xs={24} lg={10}>
          <PestChart option={pie} empty={empty} testId="stats-pie" />
        </Col>
      </Row>
      <Table
        rowKey="categoryId"
        size="small"
        loading={stats.isLoading}
        pagination={false}
        dataSource={stats.data?.rows ?? []}
        scroll={{ x: 520 }}
        columns={[
          {
            title: t('pests.category'),
            dataIndex: 'name',
            render: (n: string, r) => `${n}${r.latinName ? ` (${r.latinName})` : ''}`,
          },
          {
            title: t('pests.count'),
            dataIndex: 'count',
            render: (n: number, r) => (
              <span data-testid={`stat-${r.categoryId}`}>
                <Progress
                  percent={(n / max) * 100}
                  showInfo={false}
                  size="small"
                  style={{ width: 120, marginRight: 8 }}
                />
                {n}
              </span>
            ),
          },
          { title: t('pests.alertDays'), dataIndex: 'alertDays' },
        ]}
      />
    </Card>
  );
}

/** Daily catches per category with the park station's mean temperature. */
export function Trend({ kind }: { kind: PestKind }) {
  const { t } = useTranslation();
  const { query: trend, picker } = usePeriodRead('trend', kind, getTrend);
  const data = trend.data;
  const pager = usePager();
  const option = useMemo(
    () =>
      data &&
      trendOption(data, {
        count: t('pests.count'),
        temperature: t('pests.temperature'),
        saveImage: t('chart.saveImage'),
      }),
    [data, t],
  );
  const rows = (data?.days ?? []).map((day, i) => ({
    day,
    temperature: data?.temperature[i],
    ...Object.fromEntries((data?.series ?? []).map((s) => [`c${s.categoryId}`, s.counts[i]])),
  }));
  return (
    <Card size="small">
      <Space wrap style={{ marginBottom: 12 }}>
        {picker}
        {data && (
          <Typography.Text type="secondary" data-testid="trend-station">
            {data.weatherStation ? `${t('pests.station')}: ${data.weatherStation.deviceName}` : t('pests.noStation')}
          </Typography.Text>
        )}
      </Space>
      <div style={{ marginBottom: 16 }}>
        <PestChart
          option={option ?? {}}
          empty={!data?.series.some((s) => s.counts.some((n) => n > 0))}
          height={360}
          testId="trend-lines"
        />
      </div>
      <Table
        rowKey="day"
        size="small"
        loading={trend.isLoading}
        dataSource={[...rows].reverse()}
        scroll={{ x: 600 }}
        pagination={pager({ pageSize: 15 })}
        columns={[
          { title: t('pests.day'), dataIndex: 'day', fixed: 'left', render: (d: number) => formatTime(d, 'date') },
          {
            title: t('pests.temperature'),
            dataIndex: 'temperature',
            render: (v: number | null | undefined) => (typeof v === 'number' ? v.toFixed(1) : '-'),
          },
          ...(data?.series ?? []).map((s) => ({
            title: s.name,
            dataIndex: `c${s.categoryId}`,
            render: (n: number) => (
              <span style={{ color: s.dailyThreshold > 0 && n > s.dailyThreshold ? '#cf1322' : undefined }}>{n}</span>
            ),
          })),
        ]}
      />
    </Card>
  );
}
