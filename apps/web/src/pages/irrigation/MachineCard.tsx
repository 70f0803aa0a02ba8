import '../../components/areaTexts';
import './areaTexts';
import { type IrrigationMachine, TANKS } from '@farmpark/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Descriptions, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stopRun } from '../../api/irrigation';
import CommandButton from '../../components/CommandButton';
import { useParkChannel } from '../../mqtt/channels';
import { confirmStopText, zoneLabel, zonesText } from './confirm';
import PumpSettings from './PumpSettings';
import { RUN_COLOR } from './RunTable';
import StartForm from './StartForm';
import ZoneEditor from './ZoneEditor';
import { useZoneNames } from './zoneNames';

const STATE_COLOR = { running: 'processing', idle: 'default', fault: 'error', offline: 'default' } as const;
const fmt = (v: number | undefined, d = 2) => (v === undefined ? '-' : v.toFixed(d));

/** One machine: state, live values, the run on now with Stop, the start form and single controls. */
export default function MachineCard({ machine: m }: { machine: IrrigationMachine }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const names = useZoneNames()(m.deviceId);
  const run = m.activeRun;
  // The stop's acknowledgement (command channel) shows the run stopped at once; the list follows.
  const [stopAcked, setStopAcked] = useState<string | null>(null);
  useParkChannel('cmd', (c) => {
    if (run?.stopCmdId && c.cmdId === run.stopCmdId && c.state === 'succeeded') {
      setStopAcked(c.cmdId);
      void client.invalidateQueries({ queryKey: ['irrigation'] });
    }
  });
  const runState = run && stopAcked !== null && stopAcked === run.stopCmdId ? 'stopped' : run?.state;
  const l = m.latest;
  const fertigation = m.deviceClass === 'waterFertilizer';
  // Zone valves as the machine reports them (valve1..n), in zone order.
  const valves = Object.keys(l)
    .filter((k) => /^valve\d+$/.test(k))
    .sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)));
  const switchTo = (name: string, on: boolean) =>
    t('irr.confirmSwitch', { device: m.deviceName, name, state: on ? t('live.on') : t('live.off') });
  return (
    <Card
      size="small"
      data-testid={`machine-${m.deviceId}`}
      title={
        <Space wrap>
          <Badge status={m.online ? 'success' : 'default'} />
          {m.deviceName}
          <Tag color={STATE_COLOR[m.state]} data-testid="machine-state" data-state={m.state}>
            {t(`irr.state.${m.state}`)}
          </Tag>
        </Space>
      }
      extra={
        m.deviceClass !== 'valveController' ? (
          <Space size={4} wrap>
            <PumpSettings machine={m} />
            <ZoneEditor machine={m} />
          </Space>
        ) : null
      }
    >
      <Descriptions size="small" column={{ xs: 2, sm: 3, md: 4 }} data-testid="machine-values">
        <Descriptions.Item label={t('irr.currentZone')}>
          <span data-testid="current-zone">
            {m.currentZone === null ? t('irr.none') : zoneLabel(t, m.currentZone, names.get(m.currentZone))}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('irr.flow')}>
          <span data-testid="value-flow">{fmt(l.flow)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('irr.pressure')}>{fmt(l.pressure)}</Descriptions.Item>
        {fertigation ? (
          <>
            <Descriptions.Item label={t('irr.ec')}>
              <span data-testid="value-ec">{fmt(l.ec)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('irr.ph')}>{fmt(l.ph)}</Descriptions.Item>
            {TANKS.map((k) => (
              <Descriptions.Item key={k} label={t('irr.tankLevel', { tank: t(`irr.tank.${k}`) })}>
                {fmt(l[k], 0)}
              </Descriptions.Item>
            ))}
          </>
        ) : null}
      </Descriptions>
      {valves.length ? (
        <Space wrap size={4} style={{ marginTop: 8 }} data-testid="machine-valves">
          {valves.map((k) => (
            <Tag key={k} color={l[k] === 1 ? 'green' : 'default'} data-state={l[k] === 1 ? 'open' : 'closed'}>
              {t('irr.valve', { n: k.slice(5) })} {l[k] === 1 ? t('live.on') : t('live.off')}
            </Tag>
          ))}
        </Space>
      ) : null}
      {run ? (
        <Space wrap style={{ margin: '8px 0' }} data-testid="active-run" data-run-id={run.runId}>
          <Typography.Text strong>
            {t('irr.activeRun')} #{run.runId}
          </Typography.Text>
          <Tag color={RUN_COLOR[runState ?? run.state]} data-testid="active-run-state" data-state={runState}>
            {t(`irr.runState.${runState ?? run.state}`)}
          </Tag>
          <span>
            {t('irr.zones')}: {zonesText(t, run.zones, names)}
          </span>
          <span data-testid="active-run-water" data-water={run.waterM3 ?? ''}>
            {t('irr.water')}: {run.waterM3 === null ? '-' : `${run.waterM3.toFixed(2)} m³`}
          </span>
          <Popconfirm
            title={confirmStopText(t, run, names)}
            okText={t('command.confirmOk')}
            cancelText={t('common.cancel')}
            onConfirm={async () => {
              await stopRun(run.runId).finally(() => client.invalidateQueries({ queryKey: ['irrigation'] }));
            }}
            disabled={runState !== 'starting' && runState !== 'running'}
          >
            <Button
              danger
              size="small"
              disabled={runState !== 'starting' && runState !== 'running'}
              data-testid="stop-run"
            >
              {t('irr.stop')}
            </Button>
          </Popconfirm>
        </Space>
      ) : null}
      {m.deviceClass !== 'valveController' ? <StartForm machine={m} /> : null}
      {fertigation ? (
        <Space wrap style={{ marginTop: 8 }} data-testid="single-controls">
          <Typography.Text type="secondary">{t('irr.controls')}</Typography.Text>
          {[
            { key: 'pump', label: t('irr.pump'), name: 'setPump', params: {} },
            ...TANKS.map((tank) => ({
              key: tank,
              label: t('irr.stirrer', { tank: t(`irr.tank.${tank}`) }),
              name: 'setStirrer',
              params: { tank },
            })),
          ].map((c) => (
            <Space key={c.key} size={4}>
              <span>{c.label}</span>
              {[true, false].map((on) => (
                <CommandButton
                  key={String(on)}
                  size="small"
                  disabled={!m.online}
                  command={{ deviceId: m.deviceId, name: c.name, params: { ...c.params, on } }}
                  confirm={switchTo(c.label, on)}
                  testId={`cmd-${c.key}-${on ? 'on' : 'off'}`}
                >
                  {on ? t('live.on') : t('live.off')}
                </CommandButton>
              ))}
            </Space>
          ))}
        </Space>
      ) : null}
    </Card>
  );
}
