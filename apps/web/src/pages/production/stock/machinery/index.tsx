import '../areaTexts';
import {
  addMachineryBody,
  alterMachineryBody,
  MACHINERY_STATUSES,
  type Machinery,
  type MachineryStatus,
} from '@farmpark/contracts';
import { Button, DatePicker, Drawer, Input, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addMachinery,
  alterMachinery,
  getMachineryList,
  type ListParams,
  type MachineryInput,
  machineryExportUrl,
  removeMachinery,
} from '../../../../api/production';
import CrudPage, { type CrudApi } from '../../../../components/CrudPage';
import { ExportButtons } from '../../../../components/ExportButton';
import { useAppStore } from '../../../../stores/app';
import { parkNow } from '../../../../utils/time';
import NoPark from '../NoPark';
import { dayOf, useStockPark } from '../usePark';
import MaintenancePanel from './MaintenancePanel';

type Values = Omit<MachineryInput, 'purchasedOn'> & { purchasedOn?: dayjs.Dayjs | null };

/** Production > machinery of the park; maintenance due within 7 days is marked, and each machine keeps its log. */
export default function MachineryPage() {
  const groupId = useStockPark();
  const { t } = useTranslation();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [filters, setFilters] = useState<Record<string, string | number | undefined>>({});
  const [log, setLog] = useState<{ machine: Machinery; api: CrudApi } | null>(null);
  if (groupId === null) return <NoPark />;
  const lbl = (k: string) => t(`productionStock.machinery.${k}`);
  const statuses = MACHINERY_STATUSES.map((s) => ({ value: s, label: t(`productionStock.machineStatus.${s}`) }));
  const today = parkNow().format('YYYY-MM-DD');
  const fetchList = (p: ListParams) => {
    const { pageNum: _n, pageSize: _s, ...rest } = p;
    setFilters(rest as Record<string, string | undefined>);
    return getMachineryList({ ...p, groupId });
  };
  const toInput = (v: Values): MachineryInput => ({
    ...v,
    groupId,
    type: v.type ?? '',
    model: v.model ?? '',
    plate: v.plate ?? '',
    remark: v.remark ?? '',
    purchasedOn: dayOf(v.purchasedOn),
  });
  return (
    <>
      <CrudPage<Machinery, Values>
        key={groupId}
        testId="machinery"
        rowKey="id"
        fetchList={fetchList}
        remove={removeMachinery}
        rowLabel={(m) => m.name}
        actionsWidth={220}
        toolbar={<ExportButtons testId="machinery" url={(f) => machineryExportUrl({ ...filters, groupId }, f)} />}
        search={[
          { name: 'keyword', label: t('productionStock.keyword'), input: <Input allowClear /> },
          { name: 'status', label: lbl('status'), input: <Select allowClear options={statuses} /> },
        ]}
        columns={[
          { title: lbl('name'), dataIndex: 'name', width: 150 },
          { title: lbl('type'), dataIndex: 'type', width: 100 },
          { title: lbl('model'), dataIndex: 'model', width: 120 },
          { title: lbl('plate'), dataIndex: 'plate', width: 110 },
          {
            title: lbl('status'),
            dataIndex: 'status',
            width: 90,
            render: (v: MachineryStatus) => t(`productionStock.machineStatus.${v}`),
          },
          { title: lbl('purchasedOn'), dataIndex: 'purchasedOn', width: 110, render: (v: string | null) => v ?? '—' },
          {
            title: lbl('nextDueOn'),
            key: 'nextDueOn',
            width: 170,
            render: (_, m) =>
              m.nextDueOn ? (
                <span data-testid={`machinery-due-${m.id}`}>
                  {m.nextDueOn}{' '}
                  {m.due && (
                    <Tag color={m.nextDueOn < today ? 'red' : 'orange'}>
                      {m.nextDueOn < today ? lbl('overdue') : lbl('due')}
                    </Tag>
                  )}
                </span>
              ) : (
                '—'
              ),
          },
        ]}
        rowActions={(m, api) => (
          <Button
            type="link"
            size="small"
            onClick={() => setLog({ machine: m, api })}
            data-testid={`machinery-log-${m.id}`}
          >
            {lbl('maintenance')}
          </Button>
        )}
        form={{
          initialValues: { status: 'in_use' },
          toValues: (m) => ({ ...m, purchasedOn: m.purchasedOn ? dayjs(m.purchasedOn) : null }),
          schema: (row) => (row ? alterMachineryBody : addMachineryBody),
          toBody: (v, row) => (row ? { ...toInput(v), id: row.id } : toInput(v)),
          create: (v) => addMachinery(toInput(v)),
          update: (m, v) => alterMachinery({ ...toInput(v), id: m.id }),
          fields: [
            {
              name: 'name',
              label: lbl('name'),
              required: true,
              schema: addMachineryBody.shape.name,
              input: <Input maxLength={100} />,
            },
            { name: 'type', label: lbl('type'), input: <Input maxLength={50} /> },
            { name: 'model', label: lbl('model'), input: <Input maxLength={100} /> },
            { name: 'plate', label: lbl('plate'), input: <Input maxLength={30} /> },
            { name: 'status', label: lbl('status'), required: true, input: <Select options={statuses} /> },
            { name: 'purchasedOn', label: lbl('purchasedOn'), input: <DatePicker style={{ width: '100%' }} /> },
            { name: 'remark', label: t('productionStock.remark'), span: 24, input: <Input.TextArea maxLength={500} /> },
          ],
        }}
      />
      <Drawer
        open={log !== null}
        width={mobile ? '100%' : 820}
        title={log ? t('productionStock.machinery.maintenanceTitle', { name: log.machine.name }) : ''}
        onClose={() => setLog(null)}
        destroyOnHidden
      >
        {log && <MaintenancePanel machine={log.machine} onChanged={log.api.reload} />}
      </Drawer>
    </>
  );
}
