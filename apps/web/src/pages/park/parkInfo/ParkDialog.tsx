import '../areaTexts';
import { type Park, parkFields } from '@farmpark/contracts';
import { App, Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { addGroup, alterGroup, type ParkInput } from '../../../api/parks';
import { dialogProps, saveDialogProps } from '../../../utils/dialog';
import { contractRule, showServerFieldError } from '../../../utils/formRules';
import { useFormSave } from '../../../utils/formSave';
import { timeZoneOptions } from '../../../utils/time';

const FIELDS = [
  'groupName',
  'holderMan',
  'address',
  'area',
  'longitude',
  'latitude',
  'elevationM',
  'windHeightM',
  'crops',
  'remark',
  'timeZone',
] as const;
type Field = (typeof FIELDS)[number];

interface Props {
  /** null: closed; 'new': create; a park: edit it. */
  target: Park | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Create or edit a park in the 840 px dialog; every field is checked by its contract schema. */
export default function ParkDialog({ target, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ParkInput>();
  const { saving, save: saveForm } = useFormSave(form);
  const editing = target !== null && target !== 'new' ? target : null;

  useEffect(() => {
    if (target === null) return;
    form.resetFields();
    if (editing) form.setFieldsValue(editing);
  }, [target, editing, form]);

  const label = (f: Field) => (f === 'timeZone' ? t('tz.field') : t(`park.${f}`));
  const rules = (f: Field) => [contractRule(parkFields.shape[f], label(f))];

  const submit = async () => {
    await saveForm(
      async (values) => {
        const body: ParkInput = {
          ...values,
          area: values.area ?? null,
          longitude: values.longitude ?? null,
          latitude: values.latitude ?? null,
          elevationM: values.elevationM ?? null,
          windHeightM: values.windHeightM ?? null,
          // cleared: back to the server's default zone
          timeZone: values.timeZone ?? '',
        };
        if (editing) await alterGroup({ ...body, groupId: editing.groupId }, { silent: true });
        else await addGroup(body, { silent: true });
        message.success(t('park.saved'));
        onSaved();
      },
      (err) => {
        const labels = Object.fromEntries(FIELDS.map((f) => [f, label(f)]));
        return showServerFieldError(form, err, labels);
      },
    );
  };

  const text = (f: Field, span = 12, textarea = false) => (
    <Col xs={24} md={span}>
      <Form.Item name={f} label={label(f)} rules={rules(f)} required={f === 'groupName'}>
        {textarea ? <Input.TextArea rows={3} /> : <Input data-testid={`park-${f}`} />}
      </Form.Item>
    </Col>
  );
  // No min/max on the input: clamping would silently change what was typed; the contract rule explains instead.
  const number = (f: Field, extra?: string) => (
    <Col xs={24} md={8}>
      <Form.Item name={f} label={label(f)} rules={rules(f)} extra={extra}>
        <InputNumber style={{ width: '100%' }} data-testid={`park-${f}`} />
      </Form.Item>
    </Col>
  );

  return (
    <Modal
      {...dialogProps()}
      {...saveDialogProps(t, { saving, onOk: submit, onCancel: onClose, testId: 'park-save' })}
      open={target !== null}
      title={editing ? t('park.edit') : t('park.create')}
    >
      <Form form={form} layout="vertical" data-testid="park-form">
        <Row gutter={16}>
          {text('groupName')}
          {text('holderMan')}
          {text('address', 24)}
          {number('area')}
          {number('longitude')}
          {number('latitude')}
          {number('elevationM')}
          {number('windHeightM', t('park.windHeightHelp'))}
          <Col xs={24} md={12}>
            <Form.Item name="timeZone" label={t('tz.field')} extra={t('tz.fieldHelp')} rules={rules('timeZone')}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                allowClear
                placeholder={t('tz.placeholder')}
                options={timeZoneOptions()}
                data-testid="park-timeZone"
              />
            </Form.Item>
          </Col>
          {text('crops', 24)}
          {text('remark', 24, true)}
        </Row>
      </Form>
    </Modal>
  );
}
