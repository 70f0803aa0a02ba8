import '../../areaTexts';
import { DEVICE_MODEL, type DeviceClass, THRESHOLD_OPS } from '@farmpark/contracts';
import { Col, Form, type FormInstance, InputNumber, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useActivePark } from '../../../../stores/park';
import { classLabel } from '../../labels';
import type { RuleForm } from '../ruleForm';

/** What the rule watches and when it holds: device or class of the active park, parameter with its unit, limits, durations. */
export default function ConditionFields({ form }: { form: FormInstance<RuleForm> }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const park = useActivePark();
  const l = (k: string) => t(`alarm.rule.${k}`);
  const req = (label: string) => ({ required: true, message: t('validation.required', { field: label }) });
  const targetType = Form.useWatch('targetType', form);
  const deviceId = Form.useWatch('deviceId', form);
  const deviceClass = Form.useWatch('deviceClass', form);
  const kind = Form.useWatch('kind', form);
  const op = Form.useWatch('op', form);
  const key = Form.useWatch('key', form);
  const devices = park?.devices ?? [];
  const classes = [...new Set(devices.map((d) => d.deviceClass))];
  const cls = (targetType === 'class' ? deviceClass : devices.find((d) => d.deviceId === deviceId)?.deviceClass) as
    | DeviceClass
    | undefined;
  const params = cls ? (DEVICE_MODEL[cls]?.params ?? []) : [];
  const unit = params.find((p) => p.key === key)?.unit ?? '';
  const two = op === 'between' || op === 'outside';
  const num = (name: keyof RuleForm, label: string, extra?: string, min?: number) => (
    <Form.Item name={name} label={label} rules={[req(label)]} extra={extra}>
      <InputNumber
        style={{ width: '100%' }}
        min={min}
        suffix={name === 'forMinutes' || name === 'offlineMinutes' ? undefined : unit || undefined}
      />
    </Form.Item>
  );

  const kindField = (
    <Col xs={24} md={kind === 'plantingRange' ? 24 : 12}>
      <Form.Item name="kind" label={l('kind')} extra={kind === 'plantingRange' ? l('plantingRangeHelp') : undefined}>
        <Radio.Group
          optionType="button"
          data-testid="rule-kind"
          options={[
            { value: 'threshold', label: l('threshold') },
            { value: 'offline', label: l('offline') },
            { value: 'plantingRange', label: l('plantingRange') },
          ]}
        />
      </Form.Item>
    </Col>
  );
  // a planting rule has no device or limits of its own: the growth standard and the plots' sensors give them
  if (kind === 'plantingRange')
    return (
      <Row gutter={16} data-testid="rule-condition">
        {kindField}
      </Row>
    );
  return (
    <Row gutter={16} data-testid="rule-condition">
      <Col xs={24} md={12}>
        <Form.Item name="targetType" label={l('target')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'device', label: l('targetDevice') },
              { value: 'class', label: l('targetClass') },
            ]}
            onChange={() => form.setFieldsValue({ key: undefined })}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        {targetType === 'class' ? (
          <Form.Item name="deviceClass" label={l('deviceClass')} rules={[req(l('deviceClass'))]}>
            <Select
              options={classes.map((c) => ({ value: c, label: classLabel(c, i18n.language) }))}
              onChange={() => form.setFieldsValue({ key: undefined })}
            />
          </Form.Item>
        ) : (
          <Form.Item name="deviceId" label={l('device')} rules={[req(l('device'))]}>
            <Select
              showSearch
              optionFilterProp="label"
              data-testid="rule-device"
              options={devices.map((d) => ({ value: d.deviceId, label: `${d.deviceName} (${d.serial})` }))}
              onChange={() => form.setFieldsValue({ key: undefined })}
            />
          </Form.Item>
        )}
      </Col>
      {kindField}
      {kind === 'offline' ? (
        <Col xs={24} md={12}>
          {num('offlineMinutes', l('offlineMinutes'), undefined, 1)}
        </Col>
      ) : (
        <>
          <Col xs={24} md={12}>
            <Form.Item name="key" label={l('key')} rules={[req(l('key'))]}>
              <Select
                showSearch
                optionFilterProp="label"
                data-testid="rule-key"
                options={params.map((p) => ({
                  value: p.key,
                  label: `${en ? p.en : p.zh}${p.unit ? ` (${p.unit})` : ''}`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="op" label={l('op')}>
              <Select
                data-testid="rule-op"
                options={THRESHOLD_OPS.map((o) => ({ value: o, label: t(`alarm.op.${o}`) }))}
              />
            </Form.Item>
          </Col>
          {two ? (
            <>
              <Col xs={12} md={8}>
                {num('low', l('low'))}
              </Col>
              <Col xs={12} md={8}>
                {num('high', l('high'))}
              </Col>
            </>
          ) : (
            <Col xs={24} md={16}>
              {num('value', l('value'))}
            </Col>
          )}
          <Col xs={12} md={12}>
            {num('forMinutes', l('forMinutes'), undefined, 0)}
          </Col>
          <Col xs={12} md={12}>
            {num('hysteresis', l('hysteresis'), l('hysteresisHelp'), 0)}
          </Col>
        </>
      )}
    </Row>
  );
}
