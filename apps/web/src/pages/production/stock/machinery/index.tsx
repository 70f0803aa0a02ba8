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
  type MachineryInput,
  machineryExportUrl,
  removeMachinery,
} from '../../../../api/production';
import CrudPage, { type CrudApi } from '../../../../components/CrudPage';
import { sameBodySaves } from '../../../../components/CrudPage/saves';
import { useAppStore } from '../../../../stores/app';
import { parkNow } from '../../../../utils/time';
import { ParkPage } from '../NoPark';
import { dayOf } from '../usePark';
import MaintenancePanel from './MaintenancePanel';

type Values = Omit<MachineryInput, 'purchasedOn'> & { purchasedOn?: dayjs.Dayjs | null };

/** Production > machinery of the park; maintenance due within 7 days is marked, and each machine keeps its log. */
export default function MachineryPage() {
  return <ParkPage page={MachineryList} />;
}

function MachineryList({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [log, setLog] = useState<{ machine: Machinery; api: CrudApi } | null>(null);
  const lbl = (k: string) => t(`productionStock.machinery.${k}`);
  const statuses = MACHINERY_STATUSES.map((s) => ({ value: s, label: t(`productionStock.machineStatus.${s}`) }));
  const today = parkNow().format('YYYY-MM-DD');
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
        testId="machinery"
        rowKey="id"
        fetchList={(p) => getMachineryList({ ...p, groupId })}
        remove={removeMachinery}
        rowLabel={(m) => m.name}
        actionsWidth={220}
        exportUrl={(f, format) => machineryExportUrl({ ...f, groupId }, format)}
        keyword={t('productionStock.keyword')}
        search={[{ name: 'status', label: lbl('status'), input: <Select allowClear options={statuses} /> }]}
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
          ...sameBodySaves({
            add: addMachineryBody,
            alter: alterMachineryBody,
            toInput,
            create: addMachinery,
            update: alterMachinery,
          }),
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
