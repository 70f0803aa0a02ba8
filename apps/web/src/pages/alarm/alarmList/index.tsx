import '../areaTexts';
import { ALARM_STATES, type AlarmRecord, SEVERITIES } from '@farmpark/contracts';
import { Button, DatePicker, Form, Select, Space, Table, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { alarmExportUrl, getAlarmList } from '../../../api/alarms';
import ExportButton from '../../../components/ExportButton';
import ZoneHint from '../../../components/filters/ZoneHint';
import FilterFold from '../../../components/table/FilterFold';
import { useTableLayout } from '../../../components/table/tableLayout';
import { useAlarmFeed } from '../../../mqtt/useAlarmFeed';
import { useAppStore } from '../../../stores/app';
import { useParkStore } from '../../../stores/park';
import { formatTime, fromPicker } from '../../../utils/time';
import { conditionText, SeverityTag, StateTag } from '../labels';
import AckDialog from './components/AckDialog';
import AlarmDetailDrawer from './components/AlarmDetailDrawer';

interface Filters {
  groupId?: number;
  deviceId?: number;
  severity?: string;
  state?: string;
  range?: [Dayjs, Dayjs] | null;
}

/** Alarm > notification records: filter, acknowledge one or many, see every notification, export. */
export default function AlarmListPage() {
  const { t, i18n } = useTranslation();
  const r = (k: string) => t(`alarm.record.${k}`);
  const parks = useParkStore((s) => s.parks);
  const mobile = useAppStore((s) => s.device === 'mobile');
  // on a phone the filters stack (folded into a drawer) and the table scrolls without pinned columns
  const w = (px: number) => (mobile ? '100%' : px);
  const activeGroupId = useParkStore((s) => s.activeGroupId);
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<Filters>();
  const initialState = params.get('state') ?? undefined;
  const [filters, setFilters] = useState<Filters>({ groupId: activeGroupId ?? undefined, state: initialState });
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [data, setData] = useState<{ list: AlarmRecord[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [ackIds, setAckIds] = useState<number[] | null>(null);
  // the open record reloads once acknowledged
  const [ackCount, setAckCount] = useState(0);
  const detailId = params.get('id') ? Number(params.get('id')) : null;
  const groupId = Form.useWatch('groupId', form);
  const devices = parks.find((p) => p.groupId === groupId)?.devices ?? [];

  const query = useMemo(
    () => ({
      groupId: filters.groupId,
      deviceId: filters.deviceId,
      severity: filters.severity,
      state: filters.state,
      // picked wall-clock times are the park's
      startTime: filters.range?.[0] ? fromPicker(filters.range[0]) : undefined,
      endTime: filters.range?.[1] ? fromPicker(filters.range[1]) : undefined,
    }),
    [filters],
  );
  const load = useCallback(() => {
    setLoading(true);
    getAlarmList({ ...query, ...page })
      .then((d) => setData(d))
      .catch(() => {})
      .finally(() => setLoading(false));
  }, [query, page]);
  useEffect(load, [load]);
  // new, acknowledged and cleared alarms show without a reload
  useAlarmFeed(load, load);

  const openDetail = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('id');
    else next.set('id', String(id));
    setParams(next, { replace: true });
  };

  const columns: TableColumnsType<AlarmRecord> = [
    {
      title: (
        <>
          {r('time')} <ZoneHint compact />
        </>
      ),
      dataIndex: 'raisedAt',
      width: 165,
      fixed: 'left',
      render: (ms: number | null) => formatTime(ms),
    },
    // Priority: at 1440 px the state and the acknowledgement show beside the actions; the rest
    // needs a wider screen (xxl), a phone keeps time, device, severity, state and actions.
    { title: r('park'), dataIndex: 'groupName', width: 150, ellipsis: true, responsive: ['xxl'] },
    { title: r('device'), dataIndex: 'deviceName', width: 130, ellipsis: true },
    { title: r('rule'), dataIndex: 'ruleName', width: 140, ellipsis: true, responsive: ['xxl'] },
    {
      title: r('condition'),
      key: 'condition',
      width: 150,
      ellipsis: true,
      responsive: ['md'],
      render: (_, a) =>
        conditionText(
          a.condition,
          parks.flatMap((p) => p.devices).find((d) => d.deviceId === a.deviceId)?.deviceClass,
          t,
          i18n.language,
        ),
    },
    { title: r('value'), dataIndex: 'value', width: 90, responsive: ['xxl'], render: (v) => v ?? '—' },
    { title: r('severity'), dataIndex: 'severity', width: 80, render: (s) => <SeverityTag severity={s} /> },
    { title: r('state'), dataIndex: 'state', width: 90, render: (s) => <StateTag state={s} /> },
    // wide enough for "Acknowledged by" on one line at 1440 (taken from device and condition, which ellipsize)
    { title: r('ackedBy'), dataIndex: 'ackedBy', width: 130, responsive: ['sm'], render: (v) => v || '—' },
    {
      title: r('ackedAt'),
      dataIndex: 'ackedAt',
      width: 165,
      responsive: ['md'],
      render: (ms: number | null) => formatTime(ms),
    },
    {
      title: r('comment'),
      dataIndex: 'ackComment',
      width: 160,
      ellipsis: true,
      responsive: ['xxl'],
      render: (v) => v || '—',
    },
    {
      title: r('clearedAt'),
      dataIndex: 'clearedAt',
      width: 165,
      responsive: ['xxl'],
      render: (ms: number | null) => formatTime(ms),
    },
    { title: r('notifications'), dataIndex: 'notifyCount', width: 90, responsive: ['xxl'] },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_, a) => (
        <Space size={0}>
          {a.ackedAt === null && (
            <Button type="link" size="small" onClick={() => setAckIds([a.id])} data-testid={`ack-${a.id}`}>
              {r('ack')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => openDetail(a.id)} data-testid={`detail-${a.id}`}>
            {r('detail')}
          </Button>
        </Space>
      ),
    },
  ];
  const layout = useTableLayout(columns, { selectable: true });

  return (
    <div data-testid="alarm-list-page">
      <FilterFold
        phone={layout.phone}
        active={Object.values(filters).filter((v) => v !== undefined && v !== null).length}
        testId="alarm"
      >
        {(close) => (
          <Form
            form={form}
            layout={mobile ? 'vertical' : 'inline'}
            initialValues={{ groupId: activeGroupId ?? undefined, state: initialState }}
            onFinish={(v) => {
              setFilters(v);
              setPage((p) => ({ ...p, pageNum: 1 }));
              close();
            }}
            style={{ rowGap: 12, marginBottom: 16 }}
          >
            <Form.Item name="groupId" label={r('park')}>
              <Select
                allowClear
                style={{ width: w(180) }}
                options={parks.map((p) => ({ value: p.groupId, label: p.groupName }))}
                onChange={() => form.setFieldValue('deviceId', undefined)}
              />
            </Form.Item>
            <Form.Item name="deviceId" label={r('device')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                style={{ width: w(180) }}
                options={devices.map((d) => ({ value: d.deviceId, label: d.deviceName }))}
              />
            </Form.Item>
            <Form.Item name="severity" label={r('severity')}>
              <Select
                allowClear
                style={{ width: w(120) }}
                options={SEVERITIES.map((s) => ({ value: s, label: t(`alarm.severity.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="state" label={r('state')}>
              <Select
                allowClear
                style={{ width: w(130) }}
                data-testid="filter-state"
                options={ALARM_STATES.map((s) => ({ value: s, label: t(`alarm.state.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="range" label={r('timeRange')}>
              <DatePicker.RangePicker showTime={!mobile} style={{ width: w(380) }} />
            </Form.Item>
            <Form.Item>
              <ZoneHint />
            </Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit">
                {t('crud.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setFilters({ groupId: activeGroupId ?? undefined });
                  close();
                }}
              >
                {t('crud.reset')}
              </Button>
            </Space>
          </Form>
        )}
      </FilterFold>
      <Space wrap style={{ marginBottom: 12, marginTop: layout.phone ? 0 : undefined }}>
        <Button disabled={selected.length === 0} onClick={() => setAckIds(selected)} data-testid="ack-selected">
          {r('ackSelected')}
          {selected.length > 0 ? ` (${selected.length})` : ''}
        </Button>
        <ExportButton url={() => alarmExportUrl(query)} label={t('crud.export')} testId="alarm-export" />
      </Space>
      <Table<AlarmRecord>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={data.list}
        data-testid="alarm-table"
        scroll={layout.scroll}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (a) => ({ disabled: a.ackedAt !== null }),
        }}
        pagination={layout.pager({
          current: page.pageNum,
          pageSize: page.pageSize,
          total: data.total,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        })}
        columns={layout.columns}
      />
      <AckDialog
        ids={ackIds}
        onClose={() => setAckIds(null)}
        onDone={() => {
          setAckIds(null);
          setSelected([]);
          setAckCount((n) => n + 1);
          load();
        }}
      />
      <AlarmDetailDrawer
        id={detailId}
        onClose={() => openDetail(null)}
        onAck={(id) => setAckIds([id])}
        reloadKey={ackCount}
      />
    </div>
  );
}
