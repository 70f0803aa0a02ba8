import '../areaTexts';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FARM_WORK_STATUSES, FARM_WORK_TYPES, type FarmWork, type FarmWorkOptions } from '@farmpark/contracts';
import { App, Button, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addFarmWork, alterFarmWork, type FarmWorkInput } from '../../../../api/production';
import { RequestError } from '../../../../api/request';
import { useAppStore } from '../../../../stores/app';
import { saveDialogProps, wideDialogProps } from '../../../../utils/dialog';
import { useFormSave } from '../../../../utils/formSave';
import { parkNow } from '../../../../utils/time';
import { dayOf } from '../usePark';
import { showWorkErrors } from './serverErrors';
import WorkPhotos from './WorkPhotos';

interface Values {
  type: FarmWorkInput['type'];
  areaPointId: number;
  plantingId?: number | null;
  plannedOn: Dayjs;
  status: FarmWorkInput['status'];
  doneOn?: Dayjs | null;
  personnelIds?: number[];
  machineryIds?: number[];
  materials?: { materialId?: number; quantity?: number }[];
  notes?: string;
  repeat?: boolean;
  repeatEveryDays?: number;
  repeatUntil?: Dayjs;
  correctionReason?: string;
  overrideReason?: string;
}

/**
 * Create or edit one farm work. Saving it as done takes its materials out of stock on the server, in the
 * same transaction; a line beyond stock comes back under that line's quantity and nothing is saved.
 */
export default function FarmWorkDialog(props: {
  groupId: number;
  target: FarmWork | 'new' | null;
  options: FarmWorkOptions | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { target, options, groupId } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { saving, save: saveForm } = useFormSave(form);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const editing = target !== null && target !== 'new' ? target : null;
  const lockedMaterials = editing?.status === 'done';
  const lbl = (k: string) => t(`productionStock.work.${k}`);
  const status = Form.useWatch('status', form);
  const plot = Form.useWatch('areaPointId', form);
  const repeat = Form.useWatch('repeat', form);
  // Once the server says the spray would cover a harvest, the form offers an administrator's override.
  const [overridable, setOverridable] = useState(false);

  useEffect(() => {
    if (target === null) return;
    setOverridable(false);
    form.resetFields();
    if (editing)
      form.setFieldsValue({
        ...editing,
        plannedOn: dayjs(editing.plannedOn),
        doneOn: editing.doneOn ? dayjs(editing.doneOn) : null,
        materials: editing.materials.map((m) => ({ materialId: m.materialId, quantity: m.quantity })),
      });
    else form.setFieldsValue({ type: 'spraying', status: 'planned', plannedOn: parkNow(), materials: [] });
  }, [target, editing, form]);

  const submit = async () => {
    await saveForm(
      async (v) => {
        const body: FarmWorkInput = {
          groupId,
          type: v.type,
          areaPointId: v.areaPointId,
          plantingId: v.plantingId ?? null,
          plannedOn: dayOf(v.plannedOn) as string,
          status: v.status,
          doneOn: v.status === 'done' ? dayOf(v.doneOn) : null,
          notes: v.notes ?? '',
          personnelIds: v.personnelIds ?? [],
          machineryIds: v.machineryIds ?? [],
          materials: (v.materials ?? []).map((m) => ({
            materialId: m.materialId as number,
            quantity: m.quantity as number,
          })),
          repeatEveryDays: !editing && v.repeat ? (v.repeatEveryDays ?? null) : null,
          repeatUntil: !editing && v.repeat ? dayOf(v.repeatUntil) : null,
          // work done is a finished record: an edit is a correction, kept in its history with this reason
          correctionReason: lockedMaterials ? (v.correctionReason ?? null) : null,
          overrideReason: overridable ? v.overrideReason?.trim() || null : null,
        };
        if (editing) await alterFarmWork({ ...body, id: editing.id });
        else await addFarmWork(body);
        message.success(t('crud.saved'));
        props.onSaved();
      },
      (err) => {
        const labels = {
          type: lbl('type'),
          areaPointId: lbl('plot'),
          plantingId: lbl('planting'),
          plannedOn: lbl('plannedOn'),
          doneOn: lbl('doneOn'),
          status: lbl('status'),
          materials: lbl('materials'),
          materialId: lbl('material'),
          quantity: lbl('quantity'),
          repeatEveryDays: lbl('repeatEveryDays'),
          repeatUntil: lbl('repeatUntil'),
          notes: t('productionStock.notes'),
          correctionReason: t('recordHistory.reasonField'),
          overrideReason: lbl('overrideReason'),
        };
        if (err instanceof RequestError && err.details.some((d) => d.rule === 'harvestInInterval'))
          setOverridable(true);
        return showWorkErrors(form, err, t, labels);
      },
    );
  };

  const required = (k: string) => [{ required: true, message: t('validation.required', { field: lbl(k) }) }];
  const materials = options?.materials ?? [];
  const unitOf = (id: number | undefined) => materials.find((m) => m.id === id);
  return (
    <Modal
      {...wideDialogProps(mobile, 880)}
      {...saveDialogProps(t, { saving, onOk: submit, onCancel: props.onClose, testId: 'farmWork-save' })}
      open={target !== null}
      title={editing ? lbl('editTitle') : lbl('createTitle')}
    >
      <Form form={form} layout="vertical" data-testid="farmWork-form">
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="type" label={lbl('type')} required rules={required('type')}>
              <Select
                data-testid="farmWork-type"
                options={FARM_WORK_TYPES.map((v) => ({ value: v, label: t(`productionStock.workType.${v}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="areaPointId" label={lbl('plot')} required rules={required('plot')}>
              <Select
                data-testid="farmWork-plot"
                showSearch
                optionFilterProp="label"
                options={(options?.plots ?? []).map((p) => ({ value: p.id, label: p.name }))}
                onChange={() => form.setFieldValue('plantingId', null)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="plantingId" label={lbl('planting')}>
              <Select
                allowClear
                data-testid="farmWork-planting"
                options={(options?.plantings ?? [])
                  .filter((p) => p.areaPointId === plot)
                  .map((p) => ({ value: p.id, label: p.label }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="plannedOn" label={lbl('plannedOn')} required rules={required('plannedOn')}>
              <DatePicker style={{ width: '100%' }} data-testid="farmWork-plannedOn" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="status" label={lbl('status')} required>
              <Select
                data-testid="farmWork-status"
                disabled={lockedMaterials}
                options={FARM_WORK_STATUSES.map((v) => ({ value: v, label: t(`productionStock.workStatus.${v}`) }))}
                onChange={(v) => {
                  if (v === 'done' && !form.getFieldValue('doneOn')) form.setFieldValue('doneOn', parkNow());
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            {status === 'done' && (
              <Form.Item name="doneOn" label={lbl('doneOn')} required rules={required('doneOn')}>
                <DatePicker style={{ width: '100%' }} data-testid="farmWork-doneOn" />
              </Form.Item>
            )}
          </Col>
          {(
            [
              ['personnelIds', 'people'],
              ['machineryIds', 'machinery'],
            ] as const
          ).map(([name, list]) => (
            <Col key={name} xs={24} md={12}>
              <Form.Item name={name} label={lbl(list)}>
                <Select
                  mode="multiple"
                  optionFilterProp="label"
                  options={(options?.[list] ?? []).map((p) => ({ value: p.id, label: p.name }))}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item label={lbl('materials')} extra={lockedMaterials ? lbl('doneLocked') : undefined}>
          <Form.List name="materials">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => {
                  const chosen = unitOf(form.getFieldValue(['materials', f.name, 'materialId']));
                  return (
                    <Row key={f.key} gutter={8} align="top" data-testid={`farmWork-material-${f.name}`}>
                      <Col xs={24} md={13}>
                        <Form.Item
                          name={[f.name, 'materialId']}
                          rules={[{ required: true, message: t('validation.required', { field: lbl('material') }) }]}
                        >
                          <Select
                            disabled={lockedMaterials}
                            showSearch
                            optionFilterProp="label"
                            placeholder={lbl('material')}
                            data-testid={`farmWork-material-${f.name}-id`}
                            options={materials.map((m) => ({
                              value: m.id,
                              label: `${m.name} ${m.spec}`.trim(),
                            }))}
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={18} md={9}>
                        <Form.Item
                          name={[f.name, 'quantity']}
                          extra={
                            chosen
                              ? t('productionStock.work.stockLeft', { stock: chosen.stock, unit: chosen.unit })
                              : undefined
                          }
                          rules={[
                            { required: true, message: t('validation.required', { field: lbl('quantity') }) },
                            {
                              type: 'number',
                              min: 0.001,
                              message: t('validation.min', { field: lbl('quantity'), min: 0.001 }),
                            },
                          ]}
                        >
                          <InputNumber
                            disabled={lockedMaterials}
                            precision={3}
                            style={{ width: '100%' }}
                            placeholder={lbl('quantity')}
                            addonAfter={chosen?.unit}
                            data-testid={`farmWork-material-${f.name}-quantity`}
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={6} md={2}>
                        {!lockedMaterials && (
                          <Button
                            icon={<DeleteOutlined />}
                            onClick={() => remove(f.name)}
                            aria-label={t('common.remove')}
                          />
                        )}
                      </Col>
                    </Row>
                  );
                })}
                {!lockedMaterials && (
                  <Button icon={<PlusOutlined />} onClick={() => add({})} data-testid="farmWork-add-material">
                    {lbl('addMaterial')}
                  </Button>
                )}
              </>
            )}
          </Form.List>
        </Form.Item>
        {!editing && status === 'planned' && (
          <Space wrap align="start">
            <Form.Item name="repeat" label={lbl('repeat')} valuePropName="checked">
              <Switch data-testid="farmWork-repeat" />
            </Form.Item>
            {repeat && (
              <>
                <Form.Item
                  name="repeatEveryDays"
                  label={lbl('repeatEveryDays')}
                  rules={[{ required: true, message: t('validation.required', { field: lbl('repeatEveryDays') }) }]}
                >
                  <InputNumber min={1} max={365} precision={0} />
                </Form.Item>
                <Form.Item
                  name="repeatUntil"
                  label={lbl('repeatUntil')}
                  rules={[{ required: true, message: t('validation.required', { field: lbl('repeatUntil') }) }]}
                >
                  <DatePicker />
                </Form.Item>
              </>
            )}
          </Space>
        )}
        <Form.Item name="notes" label={t('productionStock.notes')}>
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 2 }} />
        </Form.Item>
        {lockedMaterials && (
          <Form.Item
            name="correctionReason"
            label={t('recordHistory.reasonField')}
            extra={t('recordHistory.reasonHelp')}
            required
            rules={[{ required: true, whitespace: true, min: 4, message: t('recordHistory.reasonRule') }]}
          >
            <Input.TextArea maxLength={200} autoSize={{ minRows: 2 }} data-testid="farmWork-correction-reason" />
          </Form.Item>
        )}
        {overridable && (
          <Form.Item
            name="overrideReason"
            label={lbl('overrideReason')}
            extra={lbl('overrideHelp')}
            rules={[{ whitespace: true, min: 4, message: lbl('overrideRule') }]}
          >
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} data-testid="farmWork-override-reason" />
          </Form.Item>
        )}
        {editing && <WorkPhotos work={editing} />}
      </Form>
    </Modal>
  );
}
