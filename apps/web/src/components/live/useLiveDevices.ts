import { type DeviceStatusMessage, type LiveTelemetryMessage, webTopic } from '@farmpark/contracts';
import { useEffect, useState } from 'react';
import type { DataSource } from '../../api/telemetry';
import { useTopic } from '../../mqtt';
import { useParkStore } from '../../stores/park';
import { useSessionStore } from '../../stores/session';
import { applyStatus, applyTelemetry, fromConfig, type LiveDevice } from './liveState';
import { useParamConfigs } from './useParamConfigs';

/** The topic of a channel of the active park, or null before the session knows the merchant. */
export function useParkTopic(channel: 'telemetry' | 'status' | 'cmd'): string | null {
  const merchantId = useSessionStore((s) => s.user?.merchantId);
  const groupId = useParkStore((s) => s.activeGroupId);
  return merchantId && groupId ? webTopic(merchantId, groupId, channel) : null;
}

/** Devices of a source with their values kept current over MQTT (telemetry and online status). */
export function useLiveDevices(source: DataSource) {
  const query = useParamConfigs(source);
  const [devices, setDevices] = useState<LiveDevice[]>([]);
  useEffect(() => setDevices((query.data ?? []).map(fromConfig)), [query.data]);
  useTopic(useParkTopic('telemetry'), (payload) =>
    setDevices((list) => applyTelemetry(list, payload as LiveTelemetryMessage)),
  );
  useTopic(useParkTopic('status'), (payload) =>
    setDevices((list) => applyStatus(list, payload as DeviceStatusMessage)),
  );
  return { query, devices };
}
