import { useEffect, useState } from 'react';
import type { DataSource } from '../../api/telemetry';
import { useParkChannel } from '../../mqtt/channels';
import { applyStatus, applyTelemetry, fromConfig, type LiveDevice } from './liveState';
import { useParamConfigs } from './useParamConfigs';

/** Devices of a source with their values kept current over MQTT (telemetry and online status). */
export function useLiveDevices(source: DataSource) {
  const query = useParamConfigs(source);
  const [devices, setDevices] = useState<LiveDevice[]>([]);
  useEffect(() => setDevices((query.data ?? []).map(fromConfig)), [query.data]);
  useParkChannel('telemetry', (msg) => setDevices((list) => applyTelemetry(list, msg)));
  useParkChannel(
    'status',
    (msg) => setDevices((list) => applyStatus(list, msg)),
    // readings and status changes while the feed was not live are reloaded once it is
    () => void query.refetch(),
  );
  return { query, devices };
}
