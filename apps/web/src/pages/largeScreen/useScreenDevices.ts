import type { DeviceClass, Park } from '@farmpark/contracts';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { devicesOfClass } from '../../api/screens';
import { applyStatus, applyTelemetry, fromConfig, type LiveDevice } from '../../components/live/liveState';
import { useParkChannel } from '../../mqtt/channels';
import { classPermitted } from './permits';
import { REFRESH } from './timing';

export interface ScreenDevices {
  /** Every device of the classes this user may watch, with latest values kept live. */
  devices: LiveDevice[];
  /** Classes of the park whose live state this user may read. */
  watched: ReadonlySet<DeviceClass>;
  loading: boolean;
  /** When the list last loaded (0: never) and whether the last reload failed. */
  loadedAt: number;
  failing: boolean;
}

/**
 * The park's devices for the whole screen, one request per class the park has and the user may see:
 * loaded on a schedule, kept current in between by the telemetry and status channels, and reloaded
 * whenever the live subscription comes (back) up, so a reading sent while the link was down is not lost.
 * The list holds one entry per device and one latest value per key: it does not grow with time.
 */
export function useScreenDevices(park: Park | undefined, permits: ReadonlySet<string>): ScreenDevices {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const groupId = park?.groupId ?? null;
  const classes = useMemo(() => {
    const present = new Set((park?.devices ?? []).map((d) => d.deviceClass));
    return [...present].filter((c) => classPermitted(permits, c)).sort();
  }, [park, permits]);
  const results = useQueries({
    queries: classes.map((c) => ({
      queryKey: ['screen', 'devices', groupId, c, i18n.language],
      queryFn: () => devicesOfClass(groupId as number, c),
      enabled: groupId !== null,
      refetchInterval: REFRESH.devices,
      refetchIntervalInBackground: true,
      retry: false,
    })),
  });
  const latest = useRef(results);
  latest.current = results;
  // a new answer of any class rebuilds the list; the stamp changes only when an answer arrives
  const stamp = results.map((r) => r.dataUpdatedAt).join(',');
  const [devices, setDevices] = useState<LiveDevice[]>([]);
  useEffect(() => {
    if (stamp === '') return setDevices([]);
    setDevices(latest.current.flatMap((r) => r.data ?? []).map(fromConfig));
  }, [stamp]);

  const reload = useCallback(
    () => void client.invalidateQueries({ queryKey: ['screen', 'devices', groupId] }),
    [client, groupId],
  );
  useParkChannel('telemetry', (msg) => setDevices((list) => applyTelemetry(list, msg)), reload);
  useParkChannel('status', (msg) => setDevices((list) => applyStatus(list, msg)));

  return {
    devices,
    watched: new Set(classes),
    loading: results.some((r) => r.isPending && r.fetchStatus !== 'idle'),
    loadedAt: Math.max(0, ...results.map((r) => r.dataUpdatedAt)),
    failing: results.some((r) => r.isError),
  };
}
