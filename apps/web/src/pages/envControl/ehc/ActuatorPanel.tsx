import '../../../components/areaTexts';
import '../areaTexts';
import { ENV_ACTUATORS, type EnvActuator } from '@farmpark/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getCommandList } from '../../../api/commands';
import { CommandOutcome, CommandSwitch, useCommand } from '../../../components/CommandButton';
import type { LiveDevice } from '../../../components/live/liveState';
import css from './ehc.module.css';

type Mode = 'auto' | 'manual';

/**
 * The cabinet reports each actuator's on/off state but not its mode, so the mode shown is the last
 * one the cabinet confirmed (a succeeded setMode in the command record); none yet means the
 * cabinet's own setting, shown as unknown rather than guessed.
 */
function useConfirmedModes(deviceId: number) {
  return useQuery({
    queryKey: ['actuatorModes', deviceId],
    queryFn: async () => {
      const page = await getCommandList({
        deviceId,
        keyword: 'setMode',
        state: 'succeeded',
        pageNum: 1,
        pageSize: 200,
      });
      const modes: Partial<Record<EnvActuator, Mode>> = {};
      for (const r of page.list) {
        const a = r.params.actuator as EnvActuator;
        if (r.name === 'setMode' && a && !(a in modes)) modes[a] = r.params.mode as Mode;
      }
      return modes;
    },
  });
}

function ModeSwitch({
  deviceId,
  actuator,
  mode,
  disabled,
}: {
  deviceId: number;
  actuator: EnvActuator;
  mode: Mode | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { view, send } = useCommand((done) => {
    if (done.state === 'succeeded') void client.invalidateQueries({ queryKey: ['actuatorModes', deviceId] });
  });
  return (
    <Space size={4} wrap>
      <Segmented<Mode>
        size="small"
        value={mode}
        disabled={disabled || view.phase === 'sending'}
        options={[
          { value: 'auto', label: t('live.auto') },
          { value: 'manual', label: t('live.manual') },
        ]}
        onChange={(m) => send({ deviceId, name: 'setMode', params: { actuator, mode: m } })}
        data-testid={`mode-${actuator}`}
      />
      <CommandOutcome view={view} testId={`mode-${actuator}-outcome`} />
    </Space>
  );
}

/** Every actuator of a cabinet: reported state with a confirmed switch, and its manual/auto mode. */
export default function ActuatorPanel({ device }: { device: LiveDevice }) {
  const { t } = useTranslation();
  const modes = useConfirmedModes(device.deviceId);
  const actuators = device.params.filter(
    (p) => p.group === 'actuators' && !p.hidden && (ENV_ACTUATORS as readonly string[]).includes(p.key),
  );
  if (actuators.length === 0) return null;
  return (
    <div className={css.actuators} data-testid={`actuators-${device.deviceId}`}>
      <Typography.Text type="secondary">{t('ehc.actuators')}</Typography.Text>
      {actuators.map((p) => {
        const actuator = p.key as EnvActuator;
        const latest = device.latest[p.key];
        return (
          <div key={p.key} className={css.actuatorRow} data-testid={`actuator-${p.key}`}>
            <span className={css.actuatorName}>{p.name}</span>
            <CommandSwitch
              checked={latest ? latest.value === 1 : null}
              disabled={!device.online}
              command={(on) => ({ deviceId: device.deviceId, name: 'setActuator', params: { actuator, on } })}
              confirm={(on) =>
                t('ehc.confirmSwitch', {
                  name: p.name,
                  device: device.deviceName,
                  state: on ? t('live.on') : t('live.off'),
                })
              }
              testId={`switch-${p.key}`}
            />
            <ModeSwitch
              deviceId={device.deviceId}
              actuator={actuator}
              mode={modes.data?.[actuator]}
              disabled={!device.online}
            />
          </div>
        );
      })}
      {!device.online ? <Typography.Text type="warning">{t('ehc.offlineNoControl')}</Typography.Text> : null}
    </div>
  );
}
