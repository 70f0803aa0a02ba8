import '../areaTexts';
import type { AcceptedSprayWindow, HarvestEffect, PestStages, SprayWindow } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, DatePicker, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptSprayWindow, getSprayPlanEffect } from '../../api/agronomy';
import { getFarmWorkOptions } from '../../api/production';
import { RequestError } from '../../api/request';
import { useAppStore } from '../../stores/app';
import { saveDialogProps, wideDialogProps } from '../../utils/dialog';
import { useFormSave } from '../../utils/formSave';

interface Values {
  areaPointId?: number;
  plantingId?: number | null;
  plannedOn?: Dayjs;
  materialId?: number;
  quantity?: number;
  notes?: string;
}

/** The planned harvests a spray would hold back, each in one line. */
export function EffectList({ effects }: { effects: readonly HarvestEffect[] }) {
  const { t } = useTranslation();
  if (effects.length === 0)
    return <Typography.Text type="secondary">{t('agronomy.spray.noPlantings')}</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="spray-effects">
      {effects.map((e) => {
        const at = { crop: e.cropName, plot: e.areaPointName ?? '—', harvest: e.expectedHarvestOn };
        return (
          <li key={e.plantingId}>
            <Typography.Text type={e.block ? 'warning' : 'secondary'}>
              {e.block
                ? t('agronomy.spray.effectHeld', { ...at, pesticide: e.block.pesticide, firstDay: e.block.firstDay })
                : t('agronomy.spray.effectFree', at)}
            </Typography.Text>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Plans a spraying in a spray window: a pesticide of the park's stock on a day of the window, for a plot (or
 * one of its plantings). Before saving it shows what the pesticide's safety interval does to the plantings'
 * planned harvests; the server makes the planned farm work and answers the same effects.
 */
export default function SprayWindowDialog(props: {
  stages: PestStages;
  window: SprayWindow;
  groupId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { stages, window, groupId } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [form] = Form.useForm<Values>();
  const { saving, save } = useFormSave(form);
  const [accepted, setAccepted] = useState<AcceptedSprayWindow | null>(null);
  const options = useQuery({ queryKey: ['farm-work-options', groupId], queryFn: () => getFarmWorkOptions(groupId) });
  const plot = Form.useWatch('areaPointId', form);
  const planting = Form.useWatch('plantingId', form);
  const day = Form.useWatch('plannedOn', form);
  const material = Form.useWatch('materialId', form);
  const first = [window.opensOn as string, dayjs(stages.asOf).add(1, 'day').format('YYYY-MM-DD')].sort()[1];
  const last = window.closesOn as string;
  const plannedOn = day?.format('YYYY-MM-DD');
  const effect = useQuery({
    queryKey: ['spray-plan-effect', groupId, plot, planting, plannedOn, material],
    enabled: plot !== undefined && plannedOn !== undefined && material !== undefined && !accepted,
    queryFn: () =>
      getSprayPlanEffect({
        groupId,
        areaPointId: plot as number,
        plantingId: planting ?? null,
        plannedOn: plannedOn as string,
        materialIds: [material as number],
      }),
  });
  const pesticides = (options.data?.materials ?? []).filter((m) => m.kind === 'pesticide');
  const lbl = (k: string) => t(`agronomy.spray.${k}`);
  const windowName = t(`agronomy.stages.window.${window.key}`, { defaultValue: window.key });
  const required = (k: string) => [{ required: true, message: t('validation.required', { field: lbl(k) }) }];

  const submit = () =>
    accepted
      ? props.onClose()
      : save(
          async (v) => {
            const done = await acceptSprayWindow({
              groupId,
              categoryId: stages.category.categoryId,
              windowKey: window.key,
              areaPointId: v.areaPointId as number,
              plantingId: v.plantingId ?? null,
              plannedOn: (v.plannedOn as Dayjs).format('YYYY-MM-DD'),
              materials: [{ materialId: v.materialId as number, quantity: v.quantity as number }],
              notes: v.notes ?? '',
            });
            setAccepted(done);
            message.success(t('agronomy.spray.saved', { id: done.id }));
            props.onSaved();
          },
          (err) => {
            if (!(err instanceof RequestError) || err.kind !== 'api') return false;
            const field = err.details[0]?.field ?? '';
            const name = field.startsWith('materials') ? 'materialId' : field;
            if (!['areaPointId', 'plantingId', 'plannedOn', 'materialId'].includes(name)) return false;
            form.setFields([{ name: name as keyof Values, errors: [err.message] }]);
            return true;
          },
        );

  return (
    <Modal
      {...wideDialogProps(mobile, 560)}
      {...saveDialogProps(t, { saving, onOk: submit, onCancel: props.onClose, testId: 'spray-save' })}
      open
      title={t('agronomy.spray.title', { name: windowName })}
    >
      {accepted ? (
        <div data-testid="spray-accepted">
          <Alert type="success" showIcon title={t('agronomy.spray.saved', { id: accepted.id })} />
          <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
            {lbl('effectTitle')}
          </Typography.Text>
          <EffectList effects={accepted.effects} />
        </div>
      ) : (
        <Form
          form={form}
          layout="vertical"
          data-testid="spray-form"
          initialValues={{
            plannedOn: dayjs(first),
            notes: t('agronomy.spray.notesDefault', {
              category: stages.category.name,
              window: windowName,
              from: window.opensOn,
              to: window.closesOn,
            }),
          }}
        >
          <Form.Item name="areaPointId" label={lbl('plot')} rules={required('plot')}>
            <Select
              showSearch
              optionFilterProp="label"
              data-testid="spray-plot"
              loading={options.isLoading}
              options={(options.data?.plots ?? []).map((p) => ({ value: p.id, label: p.name }))}
              onChange={() => form.setFieldValue('plantingId', null)}
            />
          </Form.Item>
          <Form.Item name="plantingId" label={lbl('planting')}>
            <Select
              allowClear
              data-testid="spray-planting"
              options={(options.data?.plantings ?? [])
                .filter((p) => p.areaPointId === plot && p.status === 'growing')
                .map((p) => ({ value: p.id, label: p.label }))}
            />
          </Form.Item>
          <Form.Item name="plannedOn" label={`${lbl('plannedOn')} (${first} – ${last})`} rules={required('plannedOn')}>
            <DatePicker
              style={{ width: '100%' }}
              data-testid="spray-day"
              disabledDate={(d) => d.format('YYYY-MM-DD') < first || d.format('YYYY-MM-DD') > last}
            />
          </Form.Item>
          <Form.Item
            name="materialId"
            label={lbl('pesticide')}
            rules={required('pesticide')}
            extra={options.data && pesticides.length === 0 ? lbl('noPesticides') : undefined}
          >
            <Select
              data-testid="spray-material"
              options={pesticides.map((m) => ({
                value: m.id,
                label: t('agronomy.spray.material', { name: m.name, stock: m.stock, unit: m.unit, days: m.safetyDays }),
              }))}
            />
          </Form.Item>
          <Form.Item name="quantity" label={lbl('quantity')} rules={required('quantity')}>
            <InputNumber min={0.001} style={{ width: '100%' }} data-testid="spray-quantity" />
          </Form.Item>
          <Form.Item name="notes" label={lbl('notes')}>
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={1000} />
          </Form.Item>
          {effect.data ? (
            <div data-testid="spray-preview">
              <Typography.Text strong style={{ display: 'block' }}>
                {lbl('effectTitle')}
              </Typography.Text>
              <EffectList effects={effect.data} />
            </div>
          ) : null}
        </Form>
      )}
    </Modal>
  );
}
