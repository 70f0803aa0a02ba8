import '../../../components/areaTexts';
import '../areaTexts';
import type { LightDevice } from '@farmpark/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Segmented, Space, Tag, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateLight } from '../../../api/light';
import { CommandOutcome, CommandSwitch, useCommand } from '../../../components/CommandButton';
import { LAMP_MODE } from '../../../components/live/formatValue';
import type { LiveDevice } from '../../../components/live/liveState';
import { formatTimeAgo } from '../../../utils/timeAgo';

const HHMM = 'HH:mm';

/** One lamp: state, switch, mode, today's kills, power, sensors, work window and name. */
export default function LampCard({ live, light }: { live: LiveDevice; light: LightDevice | undefined }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const v = (k: string) => live.latest[k]?.value;
  const modeCmd = useCommand();
  const windowCmd = useCommand((done) => {
    if (done.state === 'succeeded') void client.invalidateQueries({ queryKey: ['lights'] });
  });
  const [draftWindow, setDraftWindow] = useState<[Dayjs, Dayjs] | null>(null);
  const confirmed = light?.workWindow ?? null;
  const shown = draftWindow ?? (confirmed ? [dayjs(confirmed.start, HHMM), dayjs(confirmed.end, HHMM)] : null);
  const lampOn = v('lamp');
  const mode = v('mode');
  const num = (k: string, d: number, unit = '') => (v(k) === undefined ? '—' : `${v(k)!.toFixed(d)}${unit}`);

  const rename = async (name: string) => {
    if (!name.trim() || name === live.deviceName) return;
    try {
      await updateLight({ deviceId: live.deviceId, name });
      await client.invalidateQueries({ queryKey: ['paramConfigs'] });
      await client.invalidateQueries({ queryKey: ['lights'] });
    } catch {
      // the request client has said why
    }
  };

  return (
    <Card
      size="small"
      data-testid={`lamp-${live.deviceId}`}
      style={live.online ? undefined : { filter: 'grayscale(1)', opacity: 0.7 }}
      title={
        <Typography.Text editable={{ onChange: rename, tooltip: t('lamp.rename') }} style={{ maxWidth: 200 }} ellipsis>
          {live.deviceName}
        </Typography.Text>
      }
      extra={
        <Space size={4}>
          <Tag color={live.online ? 'green' : 'default'}>{live.online ? t('live.online') : t('live.offline')}</Tag>
          <span style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>
            {live.lastReportAt ? formatTimeAgo(t, live.lastReportAt) : t('live.neverReported')}
          </span>
        </Space>
      }
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('lamp.killsToday')}>
          <strong data-testid={`lamp-kills-${live.deviceId}`}>{v('killCount') ?? '—'}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('lamp.voltage')}>{num('voltage', 1, ' V')}</Descriptions.Item>
        <Descriptions.Item label={t('lamp.battery')}>{num('battery', 0, ' %')}</Descriptions.Item>
        <Descriptions.Item label={t('lamp.rain')}>
          {v('rain') === undefined ? '—' : v('rain') ? t('live.wet') : t('live.dry')}
        </Descriptions.Item>
        <Descriptions.Item label={t('lamp.lightLevel')}>{num('lightLevel', 0, ' lux')}</Descriptions.Item>
      </Descriptions>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <span>{t('lamp.lamp')}</span>
          <CommandSwitch
            checked={lampOn === undefined ? null : lampOn === 1}
            disabled={!live.online}
            command={(on) => ({ deviceId: live.deviceId, name: 'setLamp', params: { on } })}
            confirm={(on) =>
              t('lamp.confirmSwitch', { name: live.deviceName, state: on ? t('live.on') : t('live.off') })
            }
            testId={`lamp-switch-${live.deviceId}`}
          />
        </Space>
        <Space wrap>
          <span>{t('lamp.mode')}</span>
          <Segmented
            size="small"
            value={mode === undefined ? undefined : mode === LAMP_MODE.auto ? 'auto' : 'manual'}
            disabled={!live.online || modeCmd.view.phase === 'sending'}
            options={[
              { value: 'auto', label: t('live.auto') },
              { value: 'manual', label: t('live.manual') },
            ]}
            onChange={(m) => modeCmd.send({ deviceId: live.deviceId, name: 'setMode', params: { mode: m } })}
          />
          <CommandOutcome view={modeCmd.view} />
        </Space>
        <Space wrap>
          <span>{t('lamp.workWindow')}</span>
          <TimePicker.RangePicker
            format={HHMM}
            order={false}
            value={shown}
            placeholder={[t('lamp.start'), t('lamp.end')]}
            onChange={(r) => setDraftWindow(r?.[0] && r[1] ? [r[0], r[1]] : null)}
            style={{ width: 200 }}
            data-testid={`lamp-draftWindow-${live.deviceId}`}
          />
          <Button
            size="small"
            disabled={!draftWindow || !live.online || windowCmd.view.phase === 'sending'}
            onClick={() =>
              windowCmd.track(async () => {
                const res = await updateLight({
                  deviceId: live.deviceId,
                  workStart: draftWindow![0].format(HHMM),
                  workEnd: draftWindow![1].format(HHMM),
                });
                if (!res.command) throw new Error(t('lamp.noCommand'));
                return res.command;
              })
            }
          >
            {t('lamp.applyWindow')}
          </Button>
          <CommandOutcome view={windowCmd.view} />
        </Space>
        {!confirmed ? <Typography.Text type="secondary">{t('lamp.noWindow')}</Typography.Text> : null}
      </Space>
    </Card>
  );
}
