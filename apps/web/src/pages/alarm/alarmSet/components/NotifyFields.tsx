import '../../areaTexts';
import { ALARM_CHANNELS } from '@farmpark/contracts';
import { Checkbox, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ContactOption, getAlarmContactOptions } from '../../../../api/alarms';
import { useParkStore } from '../../../../stores/park';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Who is told and how: contacts of the park, channels, repeat until acknowledged, quiet hours, enabled. */
export default function NotifyFields() {
  const { t } = useTranslation();
  const l = (k: string) => t(`alarm.rule.${k}`);
  const groupId = useParkStore((s) => s.activeGroupId);
  const [contacts, setContacts] = useState<ContactOption[]>([]);
  useEffect(() => {
    if (groupId)
      getAlarmContactOptions(groupId)
        .then(setContacts)
        .catch(() => {});
  }, [groupId]);
  const hhmm = { pattern: HHMM, message: l('hhmm') };
  return (
    <Row gutter={16} data-testid="rule-notify">
      <Col xs={24} md={12}>
        <Form.Item name="contactIds" label={l('contacts')}>
          <Select
            mode="multiple"
            data-testid="rule-contacts"
            options={contacts.map((c) => ({
              value: c.id,
              label: `${c.name}${c.channels.length ? ` · ${c.channels.map((ch) => t(`alarm.channel.${ch}`)).join('/')}` : ''}`,
              disabled: !c.enabled,
            }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="channels" label={l('channels')} extra={l('channelsHelp')}>
          <Checkbox.Group options={ALARM_CHANNELS.map((c) => ({ value: c, label: t(`alarm.channel.${c}`) }))} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="repeatMinutes" label={l('repeatMinutes')} extra={l('repeatHelp')}>
          <InputNumber min={0} max={1440} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item name="quietStart" label={l('quietStart')} rules={[hhmm]}>
          <Input placeholder="22:00" />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item
          name="quietEnd"
          label={l('quietEnd')}
          dependencies={['quietStart']}
          rules={[
            hhmm,
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                Boolean(v) === Boolean(getFieldValue('quietStart'))
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('validation.required', { field: l('quietEnd') }))),
            }),
          ]}
        >
          <Input placeholder="07:00" />
        </Form.Item>
      </Col>
      <Col xs={24} md={4}>
        <Form.Item name="enabled" label={l('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col span={24}>
        <div style={{ color: 'var(--ant-color-text-secondary)', marginTop: -8, marginBottom: 12 }}>
          {l('quietHelp')}
        </div>
      </Col>
    </Row>
  );
}
