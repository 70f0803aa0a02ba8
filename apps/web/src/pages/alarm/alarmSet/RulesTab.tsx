import '../areaTexts';
import { type AlarmRule, alarmRuleFields, SEVERITIES } from '@farmpark/contracts';
import { Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { addAlarmRule, alterAlarmRule, getAlarmRuleList, removeAlarmRule } from '../../../api/alarms';
import CrudPage from '../../../components/CrudPage';
import { useActivePark } from '../../../stores/park';
import { classLabel, conditionText, EnabledTag, SeverityTag } from '../labels';
import ConditionFields from './components/ConditionFields';
import NotifyFields from './components/NotifyFields';
import PreviewPanel from './components/PreviewPanel';
import { fromRule, NEW_RULE, type RuleForm, toInput } from './ruleForm';
import { useCategoryNames } from './useCategoryNames';

/** Alarm rules of the active park: list, and an editor with a 7-day preview on real data. */
export default function RulesTab() {
  const { t, i18n } = useTranslation();
  const park = useActivePark();
  const l = (k: string) => t(`alarm.rule.${k}`);
  const groupId = park?.groupId ?? 0;
  const categoryName = useCategoryNames();
  const classOf = (r: AlarmRule) => r.deviceClass ?? park?.devices.find((d) => d.deviceId === r.deviceId)?.deviceClass;
  return (
    <CrudPage<AlarmRule, RuleForm>
      key={groupId}
      testId="rule"
      rowKey="id"
      fetchList={(p) => getAlarmRuleList({ ...p, groupId })}
      remove={removeAlarmRule}
      rowLabel={(r) => r.name}
      keyword={l('name')}
      columns={[
        { title: l('name'), dataIndex: 'name', width: 160, fixed: 'left' },
        {
          title: l('target'),
          key: 'target',
          width: 150,
          responsive: ['md'],
          ellipsis: true,
          render: (_, r) =>
            r.condition.kind === 'plantingRange'
              ? t('alarm.rule.plantingTarget')
              : (r.deviceName ?? t('alarm.rule.allDevicesOf', { cls: classLabel(r.deviceClass ?? '', i18n.language) })),
        },
        {
          title: l('condition'),
          key: 'condition',
          width: 240,
          responsive: ['md'],
          ellipsis: true,
          render: (_, r) => conditionText(r.condition, classOf(r), t, i18n.language, categoryName),
        },
        { title: l('severity'), dataIndex: 'severity', width: 90, render: (s) => <SeverityTag severity={s} /> },
        {
          title: l('channels'),
          key: 'channels',
          width: 170,
          // secondary at 1440 px: enabled and open alarms must show beside the actions
          responsive: ['xxl'],
          render: (_, r) => [t('alarm.channel.console'), ...r.channels.map((c) => t(`alarm.channel.${c}`))].join(' / '),
        },
        {
          title: l('repeatMinutes'),
          dataIndex: 'repeatMinutes',
          width: 110,
          responsive: ['xxl'],
          render: (v) => v || '—',
        },
        {
          title: l('enabled'),
          dataIndex: 'enabled',
          width: 80,
          render: (v: boolean) => <EnabledTag enabled={v} />,
        },
        {
          title: l('openAlarms'),
          dataIndex: 'openAlarms',
          width: 100,
          render: (n: number) => (n > 0 ? <Tag color="red">{n}</Tag> : 0),
        },
      ]}
      form={{
        width: 900,
        initialValues: NEW_RULE,
        toValues: fromRule,
        create: (v) => addAlarmRule(toInput(v, groupId), { silent: true }),
        update: (r, v) => alterAlarmRule({ ...toInput(v, groupId), id: r.id }, { silent: true }),
        fields: [
          {
            name: 'name',
            label: l('name'),
            required: true,
            schema: alarmRuleFields.shape.name,
            input: <Input data-testid="rule-name" />,
          },
          {
            name: 'severity',
            label: l('severity'),
            required: true,
            input: <Select options={SEVERITIES.map((s) => ({ value: s, label: t(`alarm.severity.${s}`) }))} />,
          },
        ],
        children: (form) => (
          <>
            <ConditionFields form={form} />
            <NotifyFields />
            <PreviewPanel form={form} />
          </>
        ),
      }}
    />
  );
}
