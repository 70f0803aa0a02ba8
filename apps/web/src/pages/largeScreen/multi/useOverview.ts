import { useQuery, useQueryClient } from '@tanstack/react-query';
import { screenOverview } from '../../../api/screens';
import { useParkChannel } from '../../../mqtt/channels';
import { useAlarmFeed } from '../../../mqtt/useAlarmFeed';
import { REFRESH } from '../timing';

/**
 * A multi-park screen's numbers, read again every minute (counts of several parks come by the API; the
 * live channels are per park) and at once when an alarm or a device status of the active park changes,
 * or when the live link comes (back): a restart or a network cut heals at the next answer.
 */
export function useOverview(screenId: number | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['screen', 'overview', screenId],
    queryFn: () => screenOverview(screenId ?? 0),
    enabled: screenId !== null,
    refetchInterval: REFRESH.overview,
    refetchIntervalInBackground: true,
    retry: false,
  });
  const reload = () => void client.invalidateQueries({ queryKey: ['screen', 'overview'] });
  useAlarmFeed(reload, reload);
  useParkChannel('status', reload);
  return query;
}
