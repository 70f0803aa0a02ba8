import { type IrrigationZone, zoneOwnName } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getZoneList } from '../../api/irrigation';
import { useParkStore } from '../../stores/park';

export type ZoneNames = ReadonlyMap<number, string>;
const NONE: ZoneNames = new Map();

/** The active park's zones as the server lists them (every zone of every irrigation machine). */
export function useParkZones(enabled = true) {
  const groupId = useParkStore((s) => s.activeGroupId);
  return useQuery({
    queryKey: ['irrigation', 'zones', groupId],
    queryFn: () => getZoneList(groupId as number),
    enabled: enabled && groupId !== null,
    // names change rarely; live run updates invalidate ['irrigation'] and need not refetch them each time
    staleTime: 60_000,
  });
}

export function zoneBook(zones: readonly IrrigationZone[] | undefined): Map<number, Map<number, string>> {
  const book = new Map<number, Map<number, string>>();
  for (const z of zones ?? []) {
    const name = zoneOwnName(z);
    if (!name) continue;
    const names = book.get(z.deviceId) ?? new Map<number, string>();
    names.set(z.zoneNo, name);
    book.set(z.deviceId, names);
  }
  return book;
}

/**
 * Zone names of the active park's machines: `namesOf(deviceId)` gives zone number -> name for
 * `zonesText`. Until the list arrives (or when it fails) zones read by number, as before names existed.
 * `enabled` false asks nothing (pages of other device classes, whose users may not see irrigation).
 */
export function useZoneNames(enabled = true): (deviceId: number | undefined) => ZoneNames {
  const q = useParkZones(enabled);
  return useMemo(() => {
    const book = zoneBook(q.data);
    return (deviceId) => (deviceId === undefined ? NONE : (book.get(deviceId) ?? NONE));
  }, [q.data]);
}
