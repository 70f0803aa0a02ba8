import '../areaTexts';
import { PlusOutlined } from '@ant-design/icons';
import { FARM_WORK_STATUSES, FARM_WORK_TYPES, type FarmWork } from '@farmpark/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Select, Space, Tabs, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  farmWorkExportUrl,
  getFarmWorkHistory,
  getFarmWorkList,
  getFarmWorkOptions,
  removeFarmWork,
} from '../../../../api/production';
import CrudPage from '../../../../components/CrudPage';
import RecordHistory from '../../../../components/RecordHistory';
import { useAppStore } from '../../../../stores/app';
import NoPark from '../NoPark';
import { dayOf, useStockPark } from '../usePark';
import FarmWorkCalendar, { STATUS_COLOR } from './FarmWorkCalendar';
import FarmWorkDialog from './FarmWorkDialog';
import WorkInputs from './WorkInputs';

/** The work fields the history names with this page's own words (field → text key). */
const WORK_FIELDS: Record<string, string> = {
  type: 'productionStock.work.type',
  areaName: 'productionStock.work.plot',
  plannedOn: 'productionStock.work.plannedOn',
  doneOn: 'productionStock.work.doneOn',
  status: 'productionStock.work.status',
  personnelIds: 'productionStock.work.people',
  machineryIds: 'productionStock.work.machinery',
  materials: 'productionStock.work.materials',
  notes: 'productionStock.notes',
};

/** A work's enum values in the reader's language, for its history. */
const workValue = (t: (k: string) => string, field: string, v: unknown) =>
  typeof v !== 'string'
    ? undefined
    : field === 'type'
      ? t(`productionStock.workType.${v}`)
      : field === 'status'
        ? t(`productionStock.workStatus.${v}`)
        : undefined;

/** Production > farm work of the park: a list and a month calendar, planned, done and machine-recorded work. */
export default function FarmWorkPage() {
  const groupId = useStockPark();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [target, setTarget] = useState<FarmWork | 'new' | null>(null);
  const options = useQuery({
    queryKey: ['productionStock', 'workOptions', groupId],
    queryFn: () => getFarmWorkOptions(groupId as number),
    enabled: groupId !== null,
  });
  if (groupId === null) return <NoPark />;
  const lbl = (k: string) => t(`productionStock.work.${k}`);
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ['crud', 'farmWork'] });
    void queryClient.invalidateQueries({ queryKey: ['productionStock'] });
  };
  const open = (w: FarmWork) => (w.source === 'machine' ? undefined : setTarget(w));
  const newButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget('new')} data-testid="farmWork-create">
      {t('common.create')}
    </Button>
  );
  const list = (
    <CrudPage<FarmWork>
      key={groupId}
      testId="farmWork"
      rowKey="id"
      fetchList={(p) => getFarmWorkList({ ...p, groupId })}
      remove={removeFarmWork}
      rowLabel={(w) => `${t(`productionStock.workType.${w.type}`)} ${w.areaName}`}
      toolbar={newButton}
      exportUrl={(f, format) => farmWorkExportUrl({ ...f, groupId }, format)}
      keyword={t('productionStock.keyword')}
      search={[
        {
          name: 'type',
          label: lbl('type'),
          input: (
            <Select
              allowClear
              options={FARM_WORK_TYPES.map((v) => ({ value: v, label: t(`productionStock.workType.${v}`) }))}
            />
          ),
        },
        {
          name: 'status',
          label: lbl('status'),
          input: (
            <Select
              allowClear
              options={FARM_WORK_STATUSES.map((v) => ({ value: v, label: t(`productionStock.workStatus.${v}`) }))}
            />
          ),
        },
        {
          name: 'range',
          label: lbl('dateRange'),
          input: <DatePicker.RangePicker style={{ width: '100%' }} />,
          toParams: (v) => {
            const r = v as [Parameters<typeof dayOf>[0], Parameters<typeof dayOf>[0]] | null | undefined;
            return { startDate: dayOf(r?.[0]) ?? undefined, endDate: dayOf(r?.[1]) ?? undefined };
          },
        },
      ]}
      rowActions={(w) => (
        <>
          {w.source !== 'machine' && (
            <Button type="link" size="small" onClick={() => setTarget(w)} data-testid={`farmWork-edit-${w.id}`}>
              {t('common.edit')}
            </Button>
          )}
          {w.status === 'done' && (
            <RecordHistory
              testId={`farmWork-history-${w.id}`}
              name={`${w.doneOn} ${t(`productionStock.workType.${w.type}`)}`}
              queryKey={['productionStock', 'work', groupId, w.id]}
              load={() => getFarmWorkHistory(groupId, w.id)}
              labels={Object.fromEntries(Object.entries(WORK_FIELDS).map(([f, key]) => [f, t(key)]))}
              value={(f, v) => workValue(t, f, v)}
            />
          )}
        </>
      )}
      columns={[
        {
          title: lbl('type'),
          dataIndex: 'type',
          width: 120,
          render: (v: string, w) => (
            <Space size={4} wrap>
              {t(`productionStock.workType.${v}`)}
              {w.source === 'machine' && (
                <Tooltip title={lbl('machineHelp')}>
                  <Tag color="purple">{lbl('machine')}</Tag>
                </Tooltip>
              )}
            </Space>
          ),
        },
        { title: lbl('plot'), dataIndex: 'areaName', width: 120 },
        { title: lbl('plannedOn'), dataIndex: 'plannedOn', width: 110 },
        { title: lbl('doneOn'), dataIndex: 'doneOn', width: 110, render: (v: string | null) => v ?? '—' },
        {
          title: lbl('status'),
          dataIndex: 'status',
          width: 90,
          render: (v: FarmWork['status'], w) => (
            <Tag color={STATUS_COLOR[v]} data-testid={`farmWork-status-${w.id}`}>
              {t(`productionStock.workStatus.${v}`)}
            </Tag>
          ),
        },
        {
          title: lbl('materials'),
          key: 'materials',
          ellipsis: true,
          render: (_, w) => <WorkInputs work={w} />,
        },
        { title: t('productionStock.notes'), dataIndex: 'notes', ellipsis: true },
      ]}
    />
  );
  return (
    <>
      <Tabs
        defaultActiveKey="list"
        destroyOnHidden
        items={[
          { key: 'list', label: lbl('list'), children: list },
          {
            key: 'calendar',
            label: lbl('calendar'),
            children: (
              <Card extra={newButton} data-testid="farmWork-calendar-card">
                <FarmWorkCalendar groupId={groupId} compact={mobile} onOpen={open} />
              </Card>
            ),
          },
        ]}
      />
      <FarmWorkDialog
        groupId={groupId}
        target={target}
        options={options.data}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          reload();
        }}
      />
    </>
  );
}
