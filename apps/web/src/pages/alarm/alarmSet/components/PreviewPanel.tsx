import '../../areaTexts';
import type { AlarmPreview, DeviceClass, RuleCondition } from '@farmpark/contracts';
import { DEVICE_MODEL, isOwnerJudged } from '@farmpark/contracts';
import { Alert, Button, Form, type FormInstance, List, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewAlarmRule } from '../../../../api/alarms';
import { useActivePark } from '../../../../stores/park';
import { formatTime } from '../../../../utils/time';
import { type RuleForm, toCondition, toTarget } from '../ruleForm';
import PreviewChart from './PreviewChart';

const CONDITION_FIELDS = [
  'targetType',
  'deviceId',
  'deviceClass',
  'kind',
  'key',
  'op',
  'value',
  'low',
  'high',
  'forMinutes',
  'hysteresis',
  'offlineMinutes',
];

/** Runs the rule being edited over the last 7 days of real data and shows when it would have fired and cleared. */
export default function PreviewPanel({ form }: { form: FormInstance<RuleForm> }) {
  const { t } = useTranslation();
  const park = useActivePark();
  const [result, setResult] = useState<{ preview: AlarmPreview; condition: RuleCondition; cls?: string } | null>(null);
  const [loading, setLoading] = useState(false);
  const kind = Form.useWatch('kind', form);
  const p = (k: string, o?: Record<string, unknown>) => t(`alarm.preview.${k}`, o ?? {});

  const run = async () => {
    if (!park) return;
    try {
      await form.validateFields(CONDITION_FIELDS as never);
    } catch {
      return;
    }
    const v = form.getFieldsValue(true) as RuleForm;
    const condition = toCondition(v);
    setLoading(true);
    try {
      const preview = await previewAlarmRule({ groupId: park.groupId, ...toTarget(v), condition, windows: [] });
      const cls =
        v.targetType === 'class' ? v.deviceClass : park.devices.find((d) => d.deviceId === v.deviceId)?.deviceClass;
      setResult({ preview, condition, cls });
    } catch {
      // the request client showed why
    } finally {
      setLoading(false);
    }
  };

  const unit =
    result?.condition.kind === 'threshold' && result.cls
      ? (DEVICE_MODEL[result.cls as DeviceClass]?.params.find(
          (x) => x.key === (result.condition as { key: string }).key,
        )?.unit ?? '')
      : '';
  // a planting rule has nothing to replay on one device: each planting's page shows its hours out; a trap
  // count rule counts pictures, not readings: the pest pages show the catches; a flow rule judges finished runs
  if (isOwnerJudged(kind)) return null;
  return (
    <div
      data-testid="rule-preview"
      style={{ borderTop: '1px solid var(--ant-color-border-secondary)', paddingTop: 12 }}
    >
      <Space wrap style={{ marginBottom: 8 }}>
        <strong>{p('title')}</strong>
        <Button onClick={run} loading={loading} data-testid="preview-run">
          {p('run')}
        </Button>
      </Space>
      <div style={{ color: 'var(--ant-color-text-secondary)', marginBottom: 8 }}>{p('help')}</div>
      {result?.preview.devices.map((d) => {
        const fires = d.events.filter((e) => e.type === 'fire').length;
        return (
          <div key={d.deviceId} style={{ marginBottom: 16 }} data-testid="preview-device">
            <Space wrap>
              <strong>{d.deviceName}</strong>
              {d.points.length === 0 ? (
                <Tag>{p('noData')}</Tag>
              ) : (
                <Tag color={fires ? 'red' : 'green'} data-testid="preview-summary">
                  {fires ? p('fired', { n: fires }) : p('none')}
                </Tag>
              )}
              {d.source === 'hour' && <span>{p('hourly')}</span>}
            </Space>
            {d.points.length > 0 && (
              <PreviewChart device={d} condition={result.condition} end={result.preview.endTime} unit={unit} />
            )}
            {d.events.length > 0 && (
              <List
                size="small"
                dataSource={d.events.slice(0, 50)}
                renderItem={(e) => (
                  <List.Item>
                    <Tag color={e.type === 'fire' ? 'red' : 'green'}>{p(e.type)}</Tag>
                    {formatTime(e.ts, 'minute')}
                    {e.value !== null ? ` · ${e.value}${unit ? ` ${unit}` : ''}` : ''}
                  </List.Item>
                )}
              />
            )}
          </div>
        );
      })}
      {result && result.preview.devices.length === 0 && <Alert type="info" title={p('noData')} />}
    </div>
  );
}
