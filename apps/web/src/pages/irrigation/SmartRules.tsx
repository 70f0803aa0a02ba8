import '../../components/areaTexts';
import './areaTexts';
import { IRRIGATION_LIMITS, type SmartDecision, type SmartRule } from '@farmpark/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getDecisionList,
  getMachineList,
  getSmartRuleList,
  removeSmartRule,
  saveSmartRule,
} from '../../api/irrigation';
import { useParamConfigs } from '../../components/live/useParamConfigs';
import { usePager } from '../../components/table/tableLayout';
import { useIrrigationLive } from '../../mqtt/useIrrigationLive';
import { useParkStore } from '../../stores/park';
import { formatTime } from '../../utils/time';
import { paramLabel } from '../alarm/labels';
import { confirmDeficitRuleText, confirmSmartRuleText, zoneOptions, zonesText } from './confirm';
import { limitRule } from './limits';
import { decisionText } from './sentences';
import WindowsField from './WindowsField';
import { useZoneNames } from './zoneNames';

const L = IRRIGATION_LIMITS;

const ACTION_COLOR = { started: 'green', skipped: 'default', stopped: 'blue', failed: 'red' } as const;

/** What a new rule's form starts with. */
export const NEW_RULE = {
  zones: [1],
  sensorKey: 'soilMoisture10',
  startBelow: 25,
  stopAbove: 32,
  maxDurationMin: 30,
  restMin: 30,
  maxRunsPerDay: 0,
  maxWaterPerDayM3: 0,
  windows: [],
  rainMm: 5,
  rainHours: 24,
  enabled: true,
  mode: 'moisture' as const,
} satisfies Partial<SmartRule>;

/** Smart irrigation: rules binding soil-moisture sensors to zones, and the log of every decision. */
export default function SmartRules() {
  const { t, i18n } = useTranslation();
  // a soil station's reading by its name in the model ("10cm土壤水分"), not its key
  const soilKeyName = (key: string) => paramLabel('soilStation', key, i18n.language).name;
  const pager = usePager();
  useIrrigationLive();
  const client = useQueryClient();
  const groupId = useParkStore((s) => s.activeGroupId) ?? 0;
  const [editing, setEditing] = useState<Partial<SmartRule> | null>(null);
  const [page, setPage] = useState(1);
  const [form] = Form.useForm();
  const { modal } = App.useApp();
  const rules = useQuery({
    queryKey: ['irrigation', 'smart', groupId],
    queryFn: () => getSmartRuleList(groupId),
    enabled: groupId > 0,
  });
  const machines = useQuery({
    queryKey: ['irrigation', 'machines', groupId, 'smart'],
    queryFn: () => getMachineList(groupId),
    enabled: groupId > 0,
  });
  const sensors = useParamConfigs({ family: 'soil' });
  const log = useQuery({
    queryKey: ['irrigation', 'decisions', groupId, page],
    queryFn: () => getDecisionList({ groupId, pageNum: page, pageSize: 20 }),
    enabled: groupId > 0,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['irrigation'] });
  const open = (r: Partial<SmartRule>) => {
    setEditing(r);
    form.setFieldsValue({ ...NEW_RULE, ...r });
  };
  const save = async () => {
    // an empty or half-filled form shows its messages under the fields; a refused save was told by
    // the request client: neither may escape as an unhandled rejection (the dialog stays open)
    let v: Awaited<ReturnType<typeof form.validateFields>>;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const send = async () => {
      try {
        // a deficit rule has no start level: the sensor only says the soil is wet (stopAbove)
        const levels = v.mode === 'deficit' ? { startBelow: 0 } : { deficitMm: undefined };
        await saveSmartRule({ ...v, ...levels, ruleId: editing?.ruleId, windows: v.windows ?? [] });
      } catch {
        return;
      }
      setEditing(null);
      void refresh();
    };
    // an enabled rule moves water by itself: say what it will do, as every irrigation start does
    if (!v.enabled) return send();
    const sensorName =
      sensors.data?.find((s) => s.deviceId === v.sensorId)?.deviceName ??
      (editing?.sensorId === v.sensorId ? editing?.sensorName : undefined) ??
      `#${v.sensorId}`;
    const machineName =
      machines.data?.find((m) => m.deviceId === v.machineId)?.deviceName ??
      (editing?.machineId === v.machineId ? editing?.machineName : undefined) ??
      `#${v.machineId}`;
    const plan = {
      name: v.name,
      machine: machineName,
      zones: v.zones,
      names: namesOf(v.machineId),
      sensor: sensorName,
      sensorKey: v.sensorKey,
    };
    modal.confirm({
      title:
        v.mode === 'deficit'
          ? confirmDeficitRuleText(t, { ...plan, deficitMm: v.deficitMm, wetAbove: v.stopAbove })
          : confirmSmartRuleText(t, {
              ...plan,
              startBelow: v.startBelow,
              stopAbove: v.stopAbove,
              maxDurationMin: v.maxDurationMin,
            }),
      okText: t('command.confirmOk'),
      cancelText: t('common.cancel'),
      onOk: send,
    });
  };
  const ruleName = (id: number) => rules.data?.find((r) => r.ruleId === id)?.name ?? `#${id}`;
  const namesOf = useZoneNames();
  const ruleZoneNames = (id: number) => namesOf(rules.data?.find((r) => r.ruleId === id)?.machineId);
  const formMachine: number | undefined = Form.useWatch('machineId', form);
  const byDeficit = Form.useWatch('mode', form) === 'deficit';

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        size="small"
        title={t('irr.smartRules')}
        extra={
          <Button size="small" onClick={() => open({})}>
            {t('irr.addRule')}
          </Button>
        }
      >
        <Table<SmartRule>
          rowKey="ruleId"
          size="small"
          pagination={false}
          scroll={{ x: 900 }}
          data-testid="smart-rules"
          dataSource={rules.data ?? []}
          columns={[
            { title: t('irr.name'), dataIndex: 'name' },
            {
              title: t('irr.machine'),
              render: (_, r) => `${r.machineName} · ${zonesText(t, r.zones, namesOf(r.machineId))}`,
            },
            { title: t('irr.sensor'), render: (_, r) => `${r.sensorName} · ${soilKeyName(r.sensorKey)}` },
            {
              title: t('irr.sensorValue'),
              render: (_, r) => (r.sensorValue === null ? '-' : `${r.sensorValue.toFixed(1)} %`),
            },
            {
              title: `${t('irr.startBelow')} / ${t('irr.stopAbove')}`,
              render: (_, r) =>
                r.mode === 'deficit'
                  ? t('irr.deficitLevels', { deficit: r.deficitMm, wet: r.stopAbove })
                  : `${r.startBelow} / ${r.stopAbove}`,
            },
            { title: t('irr.maxDurationMin'), dataIndex: 'maxDurationMin' },
            { title: t('irr.soakMin'), dataIndex: 'restMin' },
            {
              title: t('irr.dailyCaps'),
              render: (_, r) =>
                [
                  r.maxRunsPerDay > 0 ? t('irr.capRuns', { n: r.maxRunsPerDay }) : '',
                  r.maxWaterPerDayM3 > 0 ? `${r.maxWaterPerDayM3} m³` : '',
                ]
                  .filter(Boolean)
                  .join(' · ') || '-',
            },
            { title: t('irr.rainMm'), render: (_, r) => (r.rainMm > 0 ? `${r.rainMm} mm / ${r.rainHours} h` : '-') },
            {
              title: t('irr.windows'),
              render: (_, r) => r.windows.map((w) => `${w.start}-${w.end}`).join(', ') || '-',
            },
            { title: t('irr.enabled'), render: (_, r) => (r.enabled ? t('live.on') : t('live.off')) },
            { title: t('irr.activeRun'), render: (_, r) => (r.activeRunId ? `#${r.activeRunId}` : '-') },
            {
              title: '',
              render: (_, r) => (
                <Space>
                  <Button size="small" type="link" onClick={() => open(r)}>
                    {t('common.edit', 'Edit')}
                  </Button>
                  <Popconfirm
                    title={t('irr.confirmRemove')}
                    onConfirm={() => removeSmartRule([r.ruleId]).then(refresh)}
                  >
                    <Button size="small" type="link" danger>
                      {t('irr.remove')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('irr.decisions')}>
        <Table<SmartDecision>
          rowKey="id"
          size="small"
          scroll={{ x: 800 }}
          data-testid="decision-log"
          dataSource={log.data?.list ?? []}
          pagination={pager({
            current: page,
            pageSize: 20,
            showSizeChanger: false,
            total: log.data?.total ?? 0,
            onChange: setPage,
          })}
          columns={[
            { title: t('irr.at'), render: (_, d) => formatTime(d.at), width: 160 },
            { title: t('irr.name'), render: (_, d) => ruleName(d.ruleId) },
            {
              title: t('irr.outcome'),
              render: (_, d) => (
                <Tag color={ACTION_COLOR[d.action]}>
                  {t(`irr.action.${d.action}`)}: {t(`irr.why.${d.reason}`)}
                </Tag>
              ),
            },
            { title: t('irr.moisture'), render: (_, d) => (d.moisture === null ? '-' : `${d.moisture.toFixed(1)} %`) },
            { title: t('irr.rain'), render: (_, d) => (d.rainMm === null ? '-' : `${d.rainMm.toFixed(1)} mm`) },
            { title: '#', render: (_, d) => (d.runId ? `#${d.runId}` : '') },
            { title: t('irr.detail'), render: (_, d) => decisionText(t, d, i18n.language, ruleZoneNames(d.ruleId)) },
          ]}
        />
      </Card>
      <Modal
        open={editing !== null}
        title={t('irr.smartRules')}
        width={640}
        onCancel={() => setEditing(null)}
        onOk={save}
        okText={t('irr.save')}
        mask={{ closable: false }}
      >
        <Form form={form} layout="vertical" data-testid="smart-rule-form">
          <Form.Item name="name" label={t('irr.name')} rules={[{ required: true }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="machineId" label={t('irr.machine')} rules={[{ required: true }]}>
            <Select
              options={(machines.data ?? [])
                .filter((m) => m.deviceClass !== 'valveController')
                .map((m) => ({ value: m.deviceId, label: m.deviceName }))}
            />
          </Form.Item>
          <Form.Item name="mode" label={t('irr.ruleMode')}>
            <Radio.Group
              data-testid="rule-mode"
              options={[
                { value: 'moisture', label: t('irr.modeMoisture') },
                { value: 'deficit', label: t('irr.modeDeficit') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="zones"
            label={t('irr.zones')}
            rules={[
              { required: true },
              {
                validator: (_, v: number[] | undefined) =>
                  byDeficit && (v?.length ?? 0) > 1
                    ? Promise.reject(new Error(t('irr.deficitOneZone')))
                    : Promise.resolve(),
              },
            ]}
          >
            <Select mode="multiple" options={zoneOptions(t, 8, namesOf(formMachine))} />
          </Form.Item>
          <Form.Item name="sensorId" label={t('irr.sensor')} rules={[{ required: true }]}>
            <Select options={(sensors.data ?? []).map((s) => ({ value: s.deviceId, label: s.deviceName }))} />
          </Form.Item>
          <Form.Item name="sensorKey" label={t('irr.sensorKey')} rules={[{ required: true }]}>
            <Select
              options={['soilMoisture10', 'soilMoisture20', 'soilMoisture40'].map((k) => ({
                value: k,
                label: soilKeyName(k),
              }))}
            />
          </Form.Item>
          <Space wrap align="start">
            {byDeficit && (
              <Form.Item
                name="deficitMm"
                label={t('irr.deficitMm')}
                rules={[{ required: true }, limitRule(t, L.deficitMm)]}
              >
                <InputNumber data-testid="rule-deficit" />
              </Form.Item>
            )}
            {byDeficit && (
              <Form.Item name="stopAbove" label={t('irr.wetAbove')} rules={[limitRule(t, L.moisture)]}>
                <InputNumber />
              </Form.Item>
            )}
            {(
              [
                ...(byDeficit
                  ? []
                  : ([
                      ['startBelow', L.moisture],
                      ['stopAbove', L.moisture],
                    ] as const)),
                ['maxDurationMin', L.maxDurationMin],
                ['rainMm', L.rainMm],
                ['rainHours', L.rainHours],
              ] as const
            ).map(([name, limit]) => (
              <Form.Item key={name} name={name} label={t(`irr.${name}`)} rules={[limitRule(t, limit)]}>
                <InputNumber />
              </Form.Item>
            ))}
          </Space>
          <Space wrap align="start">
            <Form.Item name="restMin" label={t('irr.soakMin')} rules={[limitRule(t, L.restMin)]}>
              <InputNumber data-testid="rule-soak" />
            </Form.Item>
            <Form.Item name="maxRunsPerDay" label={t('irr.maxRunsPerDay')} rules={[limitRule(t, L.maxRunsPerDay)]}>
              <InputNumber data-testid="rule-max-runs" />
            </Form.Item>
            <Form.Item
              name="maxWaterPerDayM3"
              label={t('irr.maxWaterPerDayM3')}
              rules={[limitRule(t, L.maxWaterPerDayM3)]}
            >
              <InputNumber data-testid="rule-max-water" />
            </Form.Item>
          </Space>
          <WindowsField />
          <Form.Item name="enabled" label={t('irr.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
