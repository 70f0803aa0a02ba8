import '../areaTexts';
import type { Machinery, Maintenance } from '@farmpark/contracts';
import { App, Button, Col, DatePicker, Form, Input, InputNumber, Popconfirm, Result, Row, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { addMaintenance, getMaintenanceList, removeMaintenance } from '../../../../api/production';
import { usePagedList } from '../../../../components/table/usePagedList';
import { showServerFieldError } from '../../../../utils/formRules';
import { useFormSave } from '../../../../utils/formSave';
import { dayOf } from '../usePark';

interface Values {
  doneOn: Dayjs;
  type: string;
  cost?: number;
  notes?: string;
  nextDueOn?: Dayjs;
}

/** A machine's maintenance log, newest first, with a form to add a record (its next due day drives the reminder). */
export default function MaintenancePanel({ machine, onChanged }: { machine: Machinery; onChanged: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { saving, save: saveForm } = useFormSave(form);
  const lbl = (k: string) => t(`productionStock.machinery.${k}`);
  const { q, table } = usePagedList(
    ['productionStock', 'maintenance', machine.id],
    (page) => getMaintenanceList({ machineryId: machine.id, ...page }),
    10,
  );
  const changed = () => {
    void q.refetch();
    onChanged();
  };
  const save = async () => {
    await saveForm(
      async (v) => {
        await addMaintenance({
          machineryId: machine.id,
          doneOn: dayOf(v.doneOn) as string,
          type: v.type,
          cost: v.cost ?? 0,
          notes: v.notes ?? '',
          nextDueOn: dayOf(v.nextDueOn),
        });
        message.success(t('crud.saved'));
        form.resetFields();
        changed();
      },
      (err) => {
        const labels = { doneOn: lbl('doneOn'), type: lbl('maintenanceType'), nextDueOn: lbl('nextDueOn') };
        return showServerFieldError(form, err, labels);
      },
    );
  };
  const required = (field: string) => [{ required: true, message: t('validation.required', { field }) }];
  return (
    <>
      <Form form={form} layout="vertical" data-testid="maintenance-form">
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item name="doneOn" label={lbl('doneOn')} required rules={required(lbl('doneOn'))}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="type" label={lbl('maintenanceType')} required rules={required(lbl('maintenanceType'))}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="cost" label={lbl('cost')}>
              <InputNumber min={0} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="nextDueOn" label={lbl('nextDueOn')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="notes" label={t('productionStock.notes')}>
              <Input maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" loading={saving} onClick={save} data-testid="maintenance-save">
          {lbl('addMaintenance')}
        </Button>
      </Form>
      {q.isError ? (
        <Result status="warning" title={(q.error as Error).message} />
      ) : (
        <Table<Maintenance>
          style={{ marginTop: 16 }}
          rowKey="id"
          size="small"
          {...table}
          locale={{ emptyText: lbl('empty') }}
          scroll={{ x: 640 }}
          columns={[
            { title: lbl('doneOn'), dataIndex: 'doneOn', width: 110 },
            { title: lbl('maintenanceType'), dataIndex: 'type', width: 120 },
            { title: lbl('cost'), dataIndex: 'cost', width: 90, align: 'right' },
            { title: lbl('nextDueOn'), dataIndex: 'nextDueOn', width: 110, render: (v: string | null) => v ?? '—' },
            { title: t('productionStock.notes'), dataIndex: 'notes', ellipsis: true },
            {
              title: t('common.actions'),
              key: 'x',
              width: 80,
              render: (_, m) => (
                <Popconfirm
                  title={t('crud.removeConfirm', { name: `${m.doneOn} ${m.type}` })}
                  okText={t('common.ok')}
                  cancelText={t('common.cancel')}
                  onConfirm={async () => {
                    await removeMaintenance([m.id]);
                    changed();
                  }}
                >
                  <Button type="link" size="small" danger>
                    {t('common.remove')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
