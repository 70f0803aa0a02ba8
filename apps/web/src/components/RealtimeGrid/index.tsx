import '../areaTexts';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataSource } from '../../api/telemetry';
import type { LiveDevice } from '../live/liveState';
import { useLiveDevices } from '../live/useLiveDevices';
import DeviceCard from './DeviceCard';
import css from './realtime.module.css';

export interface RealtimeGridProps {
  source: DataSource;
  /** Variable groups shown elsewhere on the page (e.g. actuators with their switches). */
  hideGroups?: readonly string[];
  /** More content at the bottom of a device's card. */
  renderExtra?: (device: LiveDevice) => ReactNode;
}

/** Ticks once a minute so "3 min ago" stays true without new data. */
function useNow(periodMs = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(id);
  }, [periodMs]);
  return now;
}

/** A card per device of the active park, tiles per parameter, kept live over MQTT. */
export default function RealtimeGrid({ source, hideGroups, renderExtra }: RealtimeGridProps) {
  const { t } = useTranslation();
  const { query, devices } = useLiveDevices(source);
  const now = useNow();
  // antd's Skeleton drops data-* attributes: the wrapper carries the test id
  if (query.isLoading)
    return (
      <div data-testid="realtime-loading">
        <Skeleton active />
      </div>
    );
  if (query.error)
    return (
      <Alert
        type="error"
        showIcon
        title={t('live.loadFailed')}
        description={query.error.message}
        action={<Button onClick={() => query.refetch()}>{t('common.refresh')}</Button>}
        data-testid="realtime-error"
      />
    );
  if (devices.length === 0) return <Empty description={t('live.noDevices')} data-testid="realtime-empty" />;
  return (
    <div className={css.grid} data-testid="realtime-grid">
      {devices.map((d) => (
        <DeviceCard
          key={d.deviceId}
          device={d}
          hideGroups={hideGroups}
          extra={renderExtra?.(d)}
          now={Math.max(now, Date.now())}
        />
      ))}
    </div>
  );
}
