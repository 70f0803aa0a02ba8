import '../../../alarm/areaTexts';
import '../../areaTexts';
import { type AutomationRule, DEVICE_MODEL, ENV_ACTUATORS, type EnvActuator } from '@farmpark/contracts';
import type { ButtonProps } from 'antd';
import { Alert, Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addAutomationRule, alterAutomationRule } from '../../../../api/automation';
import { isEnglish } from '../../../../i18n';
import { type AutomationForm, fromRule, NEW_AUTOMATION, toInput } from './ruleForm';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const CABINET = DEVICE_MODEL.envCabinet;

interface Props {
  groupId: number;
  cabinets: { deviceId: number; deviceName: string }[];
  /** The rule being edited; null adds a new one. */
  rule: AutomationRule | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit one automation rule; the browser checks the fields, the server has the last word. */
export default function RuleDialog({ groupId, cabinets, rule, open, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<AutomationForm>();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const l = (k: string) => t(`ehc.automation.${k}`);
  const en = isEnglish(i18n.language);
  const required = (k: string): Rule => ({ required: true, message: t('ehc.automation.required', { field: l(k) }) });
  const notNegative = (k: string): Rule => ({
    type: 'number',
    min: 0,
    message: t('ehc.automation.atLeastZero', { field: l(k) }),
  });
  const hhmm: Rule = { pattern: HHMM, message: l('hhmm') };
  const readings = CABINET.params
    .filter((p) => p.group !== 'actuators')
    .map((p) => ({ value: p.key, label: `${en ? p.en : p.zh}${p.unit ? ` (${p.unit})` : ''}` }));
  const actuatorName = (a: EnvActuator) => {
    const p = CABINET.params.find((x) => x.key === a);
    return p ? (en ? p.en : p.zh) : a;
  };
  const actuators = ENV_ACTUATORS.map((a) => ({ value: a, label: actuatorName(a) }));
  /** An actuator may be in the on list or the off list of a moment, not both. */
  const disjointFrom = (other: keyof AutomationForm): Rule => ({
    validator: async (_, v: EnvActuator[] | undefined) => {
      const o = (form.getFieldValue(other) ?? []) as EnvActuator[];
      if ((v ?? []).some((a) => o.includes(a))) throw new Error(l('onAndOff'));
    },
  });

  /** The actuators switched at one moment (`name`), none of them also in the opposite list (`other`). */
  const actuatorList = (name: keyof AutomationForm, other: keyof AutomationForm, testId?: string, more?: Rule) => (
    <Col xs={24} sm={12}>
      <Form.Item
        name={name}
        label={l(name)}
        dependencies={[other]}
        rules={more ? [disjointFrom(other), more] : [disjointFrom(other)]}
      >
        <Select mode="multiple" data-testid={testId} options={actuators} />
      </Form.Item>
    </Col>
  );

  useEffect(() => {
    if (open) setRefusal(null);
  }, [open]);

  async function save() {
    const v = await form.validateFields();
    setSaving(true);
    setRefusal(null);
    try {
      const body = toInput({ ...NEW_AUTOMATION, ...v } as AutomationForm, groupId);
      await (rule ? alterAutomationRule({ ...body, id: rule.id }) : addAutomationRule(body));
      onSaved();
    } catch (err) {
      setRefusal((err as Error).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={rule ? l('dialogEdit') : l('dialogAdd')}
      okText={l('save')}
      cancelText={l('cancel')}
      confirmLoading={saving}
      onOk={() => void save().catch(() => {})}
      onCancel={onClose}
      destroyOnHidden
      width={720}
      okButtonProps={{ 'data-testid': 'automation-save' } as ButtonProps}
    >
      {/* destroyOnHidden remounts the form on every open, so these are the values it starts from */}
      <Form
        form={form}
        layout="vertical"
        data-testid="automation-form"
        preserve={false}
        initialValues={
          rule
            ? fromRule(rule)
            : { ...NEW_AUTOMATION, deviceId: cabinets.length === 1 ? cabinets[0].deviceId : undefined }
        }
      >
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={l('name')} rules={[required('name'), { max: 100 }]}>
              <Input data-testid="automation-name" maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="deviceId" label={l('cabinet')} rules={[required('cabinet')]}>
              <Select
                data-testid="automation-cabinet"
                options={cabinets.map((c) => ({ value: c.deviceId, label: c.deviceName }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="key" label={l('reading')} rules={[required('reading')]}>
              <Select data-testid="automation-key" options={readings} showSearch optionFilterProp="label" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="op" label={l('op')} rules={[required('op')]}>
              <Select
                data-testid="automation-op"
                options={(['above', 'below'] as const).map((o) => ({ value: o, label: t(`alarm.op.${o}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="value" label={l('value')} rules={[required('value')]}>
              <InputNumber data-testid="automation-value" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item
              name="forMinutes"
              label={l('forMinutes')}
              rules={[required('forMinutes'), notNegative('forMinutes')]}
            >
              <InputNumber data-testid="automation-for" min={0} max={7 * 24 * 60} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item
              name="hysteresis"
              label={l('hysteresis')}
              rules={[required('hysteresis'), notNegative('hysteresis')]}
            >
              <InputNumber min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="enabled" label={l('enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          {actuatorList('fireOn', 'fireOff', 'automation-fire-on', {
            validator: async (_, v: EnvActuator[] | undefined) => {
              const off = (form.getFieldValue('fireOff') ?? []) as EnvActuator[];
              if ((v ?? []).length + off.length === 0) throw new Error(l('needAction'));
            },
          })}
          {actuatorList('fireOff', 'fireOn')}
          {actuatorList('clearOn', 'clearOff')}
          {actuatorList('clearOff', 'clearOn', 'automation-clear-off')}
          <Col xs={12} sm={12}>
            <Form.Item
              name="windowStart"
              label={l('windowStart')}
              dependencies={['windowEnd']}
              rules={[
                hhmm,
                {
                  validator: async (_, v?: string) => {
                    if (!v !== !form.getFieldValue('windowEnd')) throw new Error(l('bothOrNone'));
                  },
                },
              ]}
            >
              <Input placeholder="08:00" allowClear />
            </Form.Item>
          </Col>
          <Col xs={12} sm={12}>
            <Form.Item name="windowEnd" label={l('windowEnd')} dependencies={['windowStart']} rules={[hhmm]}>
              <Input placeholder="18:00" allowClear />
            </Form.Item>
          </Col>
        </Row>
        <Alert type="info" showIcon title={l('manualNote')} />
        {refusal ? (
          <Alert type="error" showIcon title={refusal} style={{ marginTop: 12 }} data-testid="automation-refusal" />
        ) : null}
      </Form>
    </Modal>
  );
}
