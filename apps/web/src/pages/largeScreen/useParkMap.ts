import type { AreaPoint, DevicePoint, GroupPoint } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { areaPoints, gisParks, groupPoint, placedDevices } from '../../api/screens';
import { PANEL_PERMIT } from './permits';
import { REFRESH } from './timing';

export interface ParkMapData {
  point: GroupPoint | null;
  plots: AreaPoint[];
  /** Devices placed on the map (with coordinates). */
  placed: DevicePoint[];
}

/**
 * The park's boundary, plots and placed devices, read through park management or, for a role that
 * only has the GIS map, through the GIS list; null `source` when the role has neither.
 */
export function useParkMap(groupId: number | null, permits: ReadonlySet<string>) {
  const source = permits.has(PANEL_PERMIT.parkMap) ? 'park' : permits.has(PANEL_PERMIT.gisMap) ? 'gis' : null;
  const query = useQuery({
    queryKey: ['screen', 'map', groupId, source],
    enabled: groupId !== null && source !== null,
    refetchInterval: REFRESH.map,
    refetchIntervalInBackground: true,
    retry: false,
    queryFn: async (): Promise<ParkMapData> => {
      const id = groupId as number;
      if (source === 'gis') {
        const park = (await gisParks()).find((p) => p.groupId === id);
        return { point: park?.point ?? null, plots: park?.areas ?? [], placed: park?.devices ?? [] };
      }
      const [point, placed] = await Promise.all([groupPoint(id), placedDevices(id)]);
      return { point, plots: point ? await areaPoints(point.pointId) : [], placed };
    },
  });
  return { query, permitted: source !== null };
}
