import {
  SHIPMENT_REGION_KEYS,
  SHIPMENT_REGIONS,
  type ShipmentRegion,
  shipmentFields,
  type TraceBatchDetail,
  type TraceShipment,
} from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, InputNumber, List, Popconfirm, Select, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { addShipment, downloadRecall, getRevisions, getShipments, removeShipment } from '../../../api/tracing';
import { contractRule, showServerFieldError } from '../../../utils/formRules';
import { useFormSave } from '../../../utils/formSave';
import { saveFile } from '../../../utils/saveFile';
import { formatTime, parkNow } from '../../../utils/time';

/** Every publish of the batch, newest first: who and when, and its withdrawal. */
export function Revisions({ batch }: { batch: TraceBatchDetail }) {
  const { t } = useTranslation();
  const lbl = (k: string, o?: Record<string, unknown>) => t(`traceBatch.${k}`, o);
  const revisions = useQuery({ queryKey: ['trace', 'revisions', batch.id], queryFn: () => getRevisions(batch.id) });
  return (
    <List
      size="small"
      data-testid="batch-revisions"
      loading={revisions.isLoading}
      dataSource={revisions.data ?? []}
      locale={{ emptyText: lbl('notPublished') }}
      renderItem={(r) => (
        <List.Item>
          <Space direction="vertical" size={0}>
            <span>
              <Tag color={r.withdrawnAt === null ? 'green' : 'orange'}>{lbl('version', { version: r.version })}</Tag>
              {lbl('publishedBy', { at: formatTime(r.publishedAt, 'minute'), by: r.publishedBy ?? '—' })}
            </span>
            <span>{r.sections.map((s) => lbl(`section.${s}`)).join('、')}</span>
            {r.withdrawnAt !== null && (
              <span>
                {lbl('withdrawnBy', { on: r.withdrawnOn ?? '—', by: r.withdrawnBy ?? '—', reason: r.withdrawReason })}
              </span>
            )}
          </Space>
        </List.Item>
      )}
    />
  );
}

type ShipmentForm = Omit<TraceShipment, 'id' | 'batchId' | 'createdAt' | 'shippedOn'> & { shippedOn: Dayjs };

/** Where the batch went (buyer, quantity, day, region), added here, and the recall list exported from it. */
export function Shipments({ batch }: { batch: TraceBatchDetail }) {
  const { t, i18n } = useTranslation();
  const lbl = (k: string) => t(`traceBatch.${k}`);
  const [form] = Form.useForm<ShipmentForm>();
  const { saving, save: saveForm } = useFormSave(form);
  const list = useQuery({ queryKey: ['trace', 'shipments', batch.id], queryFn: () => getShipments(batch.id) });
  const regionName = (r: ShipmentRegion) => SHIPMENT_REGIONS[r][i18n.language.startsWith('zh') ? 'zh' : 'en'];
  const fields = ['buyer', 'contact', 'quantity', 'unit', 'shippedOn', 'region', 'place', 'notes'] as const;
  const labels = Object.fromEntries(fields.map((f) => [f, lbl(`ship.${f}`)]));
  const rule = (f: Exclude<(typeof fields)[number], 'shippedOn'>) => [contractRule(shipmentFields.shape[f], labels[f])];
  const save = async () => {
    await saveForm(
      async (v) => {
        await addShipment({ ...v, batchId: batch.id, shippedOn: v.shippedOn.format('YYYY-MM-DD') });
        form.resetFields();
        await list.refetch();
      },
      (err) => showServerFieldError(form, err, labels),
    );
  };
  const recall = async (format: 'csv' | 'xlsx') => {
    const { blob, filename } = await downloadRecall(batch.id, format);
    saveFile(blob, filename);
  };
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => void recall('csv')} data-testid="batch-recall-csv">
          {lbl('recallCsv')}
        </Button>
        <Button size="small" onClick={() => void recall('xlsx')}>
          {lbl('recallXlsx')}
        </Button>
      </Space>
      <List
        size="small"
        data-testid="batch-shipments"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        renderItem={(s) => (
          <List.Item
            actions={[
              <Popconfirm
                key="rm"
                title={t('crud.removeConfirm', { name: s.buyer })}
                onConfirm={async () => {
                  await removeShipment(batch.id, s.id);
                  await list.refetch();
                }}
              >
                <Button type="link" size="small" danger>
                  {t('common.remove')}
                </Button>
              </Popconfirm>,
            ]}
          >
            {`${s.shippedOn} · ${s.buyer} · ${s.quantity} ${s.unit} · ${regionName(s.region)}${s.place ? ` ${s.place}` : ''}`}
          </List.Item>
        )}
      />
      <Form
        form={form}
        layout="vertical"
        size="small"
        initialValues={{ contact: '', place: '', notes: '', unit: 'kg', shippedOn: parkNow() }}
        data-testid="batch-shipment-form"
      >
        <Form.Item name="buyer" label={labels.buyer} required rules={rule('buyer')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="contact" label={labels.contact} extra={lbl('ship.contactHelp')} rules={rule('contact')}>
          <Input maxLength={50} />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="quantity" label={labels.quantity} required rules={rule('quantity')} style={{ flex: 1 }}>
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="unit" label={labels.unit} required rules={rule('unit')} style={{ width: 100 }}>
            <Input maxLength={10} />
          </Form.Item>
        </Space.Compact>
        <Form.Item
          name="shippedOn"
          label={labels.shippedOn}
          required
          rules={[{ required: true, message: t('validation.required', { field: labels.shippedOn }) }]}
        >
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="region" label={labels.region} extra={lbl('ship.regionHelp')} required rules={rule('region')}>
          <Select
            data-testid="batch-shipment-region"
            showSearch
            optionFilterProp="label"
            options={SHIPMENT_REGION_KEYS.map((r) => ({ value: r, label: regionName(r) }))}
          />
        </Form.Item>
        <Form.Item name="place" label={labels.place} rules={rule('place')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="notes" label={labels.notes} rules={rule('notes')}>
          <Input maxLength={200} />
        </Form.Item>
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="batch-shipment-add">
          {lbl('ship.add')}
        </Button>
      </Form>
    </>
  );
}
