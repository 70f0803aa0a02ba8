import '../areaTexts';
import {
  type AlarmContact,
  addAlarmContactBody,
  alarmContactFields,
  REPORT_LANGS,
  WEBHOOK_TYPES,
} from '@farmpark/contracts';
import { Checkbox, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type AlarmContactInput,
  addAlarmContact,
  alterAlarmContact,
  getAlarmContactList,
  removeAlarmContact,
} from '../../../api/alarms';
import CrudPage from '../../../components/CrudPage';
import { useParkOptions } from '../../system/parkOptions';
import { EnabledTag } from '../labels';

/** Alarm > contacts: who is told about alarms, how, and for which parks. */
export default function AlarmContactsPage() {
  const { t } = useTranslation();
  const parks = useParkOptions();
  const lbl = (k: string) => t(`alarm.contact.${k}`);
  const s = alarmContactFields.shape;
  return (
    <CrudPage<AlarmContact, AlarmContactInput>
      testId="contact"
      rowKey="id"
      fetchList={getAlarmContactList}
      remove={removeAlarmContact}
      rowLabel={(c) => c.name}
      keyword={lbl('name')}
      search={[
        {
          name: 'groupId',
          label: lbl('parks'),
          input: <Select allowClear options={parks.options} style={{ minWidth: 160 }} />,
        },
      ]}
      columns={[
        { title: lbl('name'), dataIndex: 'name', width: 140 },
        { title: lbl('phone'), dataIndex: 'phone', width: 140 },
        { title: lbl('email'), dataIndex: 'email', ellipsis: true },
        {
          title: lbl('webhookUrl'),
          key: 'webhook',
          ellipsis: true,
          render: (_, c) => (c.webhookUrl ? `${t(`alarm.webhookType.${c.webhookType}`)} · ${c.webhookUrl}` : '—'),
        },
        { title: lbl('parks'), key: 'parks', ellipsis: true, render: (_, c) => parks.names(c.groupIds) },
        {
          title: lbl('enabled'),
          dataIndex: 'enabled',
          width: 90,
          render: (v: boolean) => <EnabledTag enabled={v} />,
        },
      ]}
      exportCsv={{
        filename: 'alarm-contacts.csv',
        columns: [
          { title: lbl('name'), value: (c) => c.name },
          { title: lbl('phone'), value: (c) => c.phone },
          { title: lbl('email'), value: (c) => c.email },
          { title: lbl('webhookUrl'), value: (c) => c.webhookUrl },
          { title: lbl('parks'), value: (c) => parks.names(c.groupIds) },
        ],
      }}
      form={{
        initialValues: {
          webhookType: 'plain',
          lang: 'zh',
          enabled: true,
          groupIds: [],
          phone: '',
          email: '',
          webhookUrl: '',
        },
        // the contract checks the fields together: a secret only for the bots that sign
        schema: addAlarmContactBody,
        toBody: (v) => clean(v),
        toValues: (c) => ({ ...c, webhookSecret: '', webhookSecretClear: false }),
        create: (v) => addAlarmContact(clean(v), { silent: true }),
        update: (c, v) => alterAlarmContact({ ...clean(v), id: c.id }, { silent: true }),
        fields: [
          { name: 'name', label: lbl('name'), required: true, schema: s.name, input: <Input /> },
          { name: 'phone', label: lbl('phone'), schema: s.phone, input: <Input inputMode="tel" /> },
          {
            name: 'email',
            label: lbl('email'),
            schema: s.email,
            input: <Input type="email" />,
            extra: lbl('reachHelp'),
          },
          {
            name: 'webhookType',
            label: lbl('webhookType'),
            input: <Select options={WEBHOOK_TYPES.map((w) => ({ value: w, label: t(`alarm.webhookType.${w}`) }))} />,
          },
          {
            name: 'webhookUrl',
            label: lbl('webhookUrl'),
            schema: s.webhookUrl,
            span: 24,
            input: <Input placeholder="https://" />,
          },
          {
            name: 'webhookSecret',
            label: lbl('webhookSecret'),
            schema: s.webhookSecret,
            dependencies: ['webhookType'],
            span: 24,
            extra: lbl('secretHelp'),
            input: (editing) => (
              <Input.Password
                autoComplete="new-password"
                data-testid="contact-secret"
                placeholder={
                  editing?.webhookSecretHint ? t('alarm.contact.secretKept', { hint: editing.webhookSecretHint }) : ''
                }
              />
            ),
          },
          {
            name: 'webhookSecretClear',
            label: lbl('webhookSecretClear'),
            editOnly: true,
            valuePropName: 'checked',
            input: <Checkbox data-testid="contact-secret-clear" />,
          },
          {
            name: 'groupIds',
            label: lbl('parks'),
            required: true,
            schema: s.groupIds,
            input: <Select mode="multiple" options={parks.options} />,
          },
          {
            name: 'lang',
            label: lbl('lang'),
            extra: lbl('langHelp'),
            input: (
              <Select
                data-testid="contact-lang"
                options={REPORT_LANGS.map((v) => ({ value: v, label: t(`alarm.reports.lang.${v}`) }))}
              />
            ),
          },
          { name: 'enabled', label: lbl('enabled'), valuePropName: 'checked', input: <Switch /> },
        ],
      }}
    />
  );
}

const clean = (v: AlarmContactInput): AlarmContactInput => ({
  ...v,
  phone: v.phone ?? '',
  email: v.email ?? '',
  webhookUrl: v.webhookUrl ?? '',
  webhookSecret: v.webhookSecret ?? '',
  webhookSecretClear: v.webhookSecretClear ?? false,
});
