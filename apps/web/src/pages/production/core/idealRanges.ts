import type { IdealRange } from '@farmpark/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { flattenPermitList } from '../../../access/generateRoutes';
import { getDeviceIdealRanges } from '../../../api/production';
import { useSessionStore } from '../../../stores/session';

const PLANT = '/productionManagement/plant';

/**
 * The ideal ranges a device's live values are held against: those of the current stage of the planting
 * growing on the plot the device stands on. Asked only by users who may see plantings; none otherwise.
 */
export function useIdealRanges(deviceId: number): ReadonlyMap<string, IdealRange> {
  const permitted = useSessionStore((s) => flattenPermitList(s.user?.permitList ?? []).includes(PLANT));
  const q = useQuery({
    queryKey: ['production', 'deviceRanges', deviceId],
    queryFn: () => getDeviceIdealRanges(deviceId),
    enabled: permitted,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return useMemo(() => new Map((q.data?.ranges ?? []).map((r) => [r.key, r])), [q.data]);
}

export const outsideRange = (r: IdealRange, v: number): boolean =>
  (r.min !== null && v < r.min) || (r.max !== null && v > r.max);
