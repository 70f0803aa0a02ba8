import '../../../../components/areaTexts';
import '../../areaTexts';
import { PlusOutlined, RobotOutlined } from '@ant-design/icons';
import { type AutomationAction, type AutomationRule, DEVICE_MODEL } from '@farmpark/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import { Alert, Button, Card, Collapse, Empty, Popconfirm, Space, Spin, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  alterAutomationRule,
  getAutomationActivity,
  getAutomationRuleList,
  removeAutomationRule,
} from '../../../../api/automation';
import { COMMAND_STATE_COLOR } from '../../../../components/CommandButton/commandState';
import { isEnglish } from '../../../../i18n';
import { useActivePark } from '../../../../stores/park';
import { formatTime } from '../../../../utils/time';
import { conditionText } from '../../../alarm/labels';
import css from '../ehc.module.css';
import RuleDialog from './RuleDialog';
import { fromRule, toInput } from './ruleForm';

/** How often the list asks again: "active now" and "last fired" change with the readings. */
const REFRESH_MS = 5_000;
const time = (ts: number) => formatTime(ts);

function useActionText() {
  const { t, i18n } = useTranslation();
  const en = isEnglish(i18n.language);
  const name = (a: string) => {
    const p = DEVICE_MODEL.envCabinet.params.find((x) => x.key === a);
    return p ? (en ? p.en : p.zh) : a;
  };
  return (list: AutomationAction[]) => {
    const of = (on: boolean) =>
      list
        .filter((a) => a.name === 'setActuator' && Boolean(a.params.on) === on)
        .map((a) => name(String(a.params.actuator)));
    const sep = en ? ', ' : '、';
    const parts = [
      of(true).length ? t('ehc.automation.switchOn', { list: of(true).join(sep) }) : '',
      of(false).length ? t('ehc.automation.switchOff', { list: of(false).join(sep) }) : '',
    ].filter(Boolean);
    return parts.length ? parts.join(en ? '; ' : '；') : t('ehc.automation.nothing');
  };
}

/** The commands one rule sent, newest first, with the cabinet's answer. */
function Activity({ ruleId }: { ruleId: number }) {
  const { t, i18n } = useTranslation();
  const en = isEnglish(i18n.language);
  const name = (key: unknown, fallback: string) => {
    const p = DEVICE_MODEL.envCabinet.params.find((x) => x.key === key);
    return p ? (en ? p.en : p.zh) : fallback;
  };
  const q = useQuery({
    queryKey: ['automationActivity', ruleId],
    queryFn: () => getAutomationActivity(ruleId),
    refetchInterval: REFRESH_MS,
  });
  if (q.isPending) return <Spin size="small" />;
  if (q.isError) return <Typography.Text type="danger">{q.error.message}</Typography.Text>;
  if (q.data.list.length === 0)
    return <Typography.Text type="secondary">{t('ehc.automation.noActivity')}</Typography.Text>;
  return (
    <ul className={css.activity} data-testid={`automation-activity-${ruleId}`}>
      {q.data.list.map((c) => (
        <li key={c.cmdId}>
          <span>{time(c.createdAt)}</span>{' '}
          <span>
            {t('command.setActuatorText', {
              what: name(c.params.actuator, c.name),
              state: c.params.on ? t('live.on') : t('live.off'),
            })}
          </span>{' '}
          <Tag color={COMMAND_STATE_COLOR[c.state]}>{t(`command.state.${c.state}`)}</Tag>
          {c.reason ? <Typography.Text type="secondary">{c.reason}</Typography.Text> : null}
        </li>
      ))}
    </ul>
  );
}

function RuleCard({ rule, onEdit, onChanged }: { rule: AutomationRule; onEdit: () => void; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const l = (k: string) => t(`ehc.automation.${k}`);
  const actionText = useActionText();
  const [busy, setBusy] = useState(false);
  const state = !rule.enabled ? 'disabled' : rule.active ? 'active' : 'idle';
  async function toggle(enabled: boolean) {
    setBusy(true);
    try {
      await alterAutomationRule({ ...toInput({ ...fromRule(rule), enabled }, rule.groupId), id: rule.id }, false);
      onChanged();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card
      size="small"
      className={css.ruleCard}
      data-testid={`automation-rule-${rule.id}`}
      title={
        <Space wrap size={6}>
          <span>{rule.name}</span>
          <Tag
            color={state === 'active' ? 'orange' : state === 'idle' ? 'blue' : 'default'}
            data-testid="automation-state"
          >
            {l(state)}
          </Tag>
        </Space>
      }
      extra={
        <Space size={4} wrap>
          <Switch
            size="small"
            checked={rule.enabled}
            loading={busy}
            onChange={(v) => void toggle(v).catch(() => {})}
            aria-label={l('enabled')}
            data-testid="automation-enabled"
          />
          <Button size="small" type="link" onClick={onEdit} data-testid="automation-edit">
            {l('edit')}
          </Button>
          <Popconfirm
            title={t('ehc.automation.removeConfirm', { name: rule.name })}
            onConfirm={() => removeAutomationRule([rule.id]).then(onChanged)}
            okButtonProps={{ danger: true, 'data-testid': 'automation-remove-ok' } as ButtonProps}
          >
            <Button size="small" type="link" danger data-testid="automation-remove">
              {l('remove')}
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <dl className={css.ruleFacts}>
        <dt>{l('cabinet')}</dt>
        <dd>{rule.deviceName}</dd>
        <dt>{l('when')}</dt>
        <dd data-testid="automation-condition">
          {conditionText(rule.condition, 'envCabinet', t, i18n.language)}
          {rule.windows[0] ? ` (${t('ehc.automation.window', rule.windows[0])})` : ''}
        </dd>
        <dt>{l('action')}</dt>
        <dd>{actionText(rule.onFire)}</dd>
        <dt>{l('onClear')}</dt>
        <dd>{actionText(rule.onClear)}</dd>
        <dt>{l('lastFired')}</dt>
        <dd data-testid="automation-last-fired">{rule.lastFiredAt ? time(rule.lastFiredAt) : l('never')}</dd>
      </dl>
      <Collapse
        size="small"
        ghost
        items={[{ key: 'a', label: l('activity'), children: <Activity ruleId={rule.id} /> }]}
      />
    </Card>
  );
}

/** The automation rules of the park's control cabinets: state, editor, enable toggle, what each did. */
export default function AutomationRules() {
  const { t } = useTranslation();
  const park = useActivePark();
  const client = useQueryClient();
  const groupId = park?.groupId ?? 0;
  const cabinets = (park?.devices ?? []).filter((d) => d.deviceClass === 'envCabinet');
  const [editing, setEditing] = useState<{ rule: AutomationRule | null } | null>(null);
  const q = useQuery({
    queryKey: ['automationRules', groupId],
    queryFn: () => getAutomationRuleList(groupId),
    enabled: groupId > 0,
    refetchInterval: REFRESH_MS,
  });
  const reload = () => void client.invalidateQueries({ queryKey: ['automationRules', groupId] });
  const l = (k: string) => t(`ehc.automation.${k}`);

  let body: React.ReactNode;
  if (cabinets.length === 0) body = <Empty description={l('noCabinet')} />;
  else if (q.isPending) body = <Spin />;
  else if (q.isError) body = <Alert type="error" showIcon title={q.error.message} />;
  else if (q.data.length === 0) body = <Empty description={l('empty')} />;
  else
    body = (
      <div className={css.ruleList}>
        {q.data.map((r) => (
          <RuleCard key={r.id} rule={r} onEdit={() => setEditing({ rule: r })} onChanged={reload} />
        ))}
      </div>
    );

  return (
    <Card
      size="small"
      data-testid="automation-rules"
      title={
        <span>
          <RobotOutlined /> {t('ehc.rules')}
        </span>
      }
      extra={
        <Button
          size="small"
          type="primary"
          icon={<PlusOutlined />}
          disabled={cabinets.length === 0}
          onClick={() => setEditing({ rule: null })}
          data-testid="automation-add"
        >
          {l('add')}
        </Button>
      }
    >
      {body}
      <RuleDialog
        groupId={groupId}
        cabinets={cabinets}
        rule={editing?.rule ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
    </Card>
  );
}
