import '../areaTexts';
import type { ParamView } from '@farmpark/contracts';
import { Card, Tag, Tooltip } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdealRanges } from '../../pages/production/core/idealRanges';
import { formatTime } from '../../utils/time';
import { formatTimeAgo } from '../../utils/timeAgo';
import type { LiveDevice } from '../live/liveState';
import ParamChartModal from './ParamChartModal';
import ParamTile from './ParamTile';
import css from './realtime.module.css';

/** Visible parameters in the device's group order, then parameter order. */
export function groupedParams(device: LiveDevice, hideGroups: readonly string[] = []) {
  const groups = [...device.groups].sort((a, b) => a.sort - b.sort).filter((g) => !hideGroups.includes(g.key));
  return groups
    .map((g) => ({
      group: g,
      params: device.params.filter((p) => p.group === g.key && !p.hidden).sort((a, b) => a.sort - b.sort),
    }))
    .filter((g) => g.params.length > 0);
}

export interface DeviceCardProps {
  device: LiveDevice;
  hideGroups?: readonly string[];
  extra?: ReactNode;
  now: number;
}

export default function DeviceCard({ device, hideGroups, extra, now }: DeviceCardProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ParamView | null>(null);
  const groups = useMemo(() => groupedParams(device, hideGroups), [device, hideGroups]);
  const ideal = useIdealRanges(device.deviceId);
  return (
    <Card
      size="small"
      className={device.online ? undefined : css.offline}
      data-testid={`device-card-${device.deviceId}`}
      data-online={device.online}
      title={
        <span>
          <Tooltip title={device.online ? t('live.online') : t('live.offline')}>
            <span className={css.dot} style={{ background: device.online ? '#52c41a' : '#bfbfbf' }} />
          </Tooltip>
          {device.deviceName}
        </span>
      }
      extra={
        <span
          style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}
          title={device.lastReportAt ? formatTime(device.lastReportAt) : undefined}
          data-testid="last-report"
        >
          {!device.online ? <Tag>{t('live.offline')}</Tag> : null}
          {device.lastReportAt ? formatTimeAgo(t, device.lastReportAt, now) : t('live.neverReported')}
        </span>
      }
    >
      {groups.length === 0 ? (
        <div className={css.group}>{t('live.noParams')}</div>
      ) : (
        groups.map(({ group, params }) => (
          <div key={group.key}>
            {groups.length > 1 ? <div className={css.group}>{group.name}</div> : null}
            <div className={css.tiles}>
              {params.map((p) => (
                <ParamTile
                  key={`${p.key}-${device.changedAt[p.key] ?? 0}`}
                  param={p}
                  latest={device.latest[p.key]}
                  changedAt={device.changedAt[p.key]}
                  ideal={ideal.get(p.key)}
                  onOpen={setOpen}
                />
              ))}
            </div>
          </div>
        ))
      )}
      {extra}
      <ParamChartModal
        deviceId={device.deviceId}
        deviceName={device.deviceName}
        param={open}
        onClose={() => setOpen(null)}
      />
    </Card>
  );
}
