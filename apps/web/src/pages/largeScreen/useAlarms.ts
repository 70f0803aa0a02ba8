import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { activeAlarms, latestAlarms, openAlarms } from '../../api/screens';
import { useAlarmFeed } from '../../mqtt/useAlarmFeed';
import { ALARM_FEED_SIZE, REFRESH } from './timing';

/**
 * The alarm feed (newest of any state), the open count and the devices in alarm. Every alarm event
 * reloads them, and so does the feed coming (back) live, so an alarm raised while the link was down shows.
 */
export function useAlarms(groupId: number, permitted: boolean) {
  const client = useQueryClient();
  const common = {
    enabled: permitted,
    refetchInterval: REFRESH.alarms,
    refetchIntervalInBackground: true,
    retry: false,
  } as const;
  const feed = useQuery({
    queryKey: ['screen', 'alarms', 'feed', groupId],
    queryFn: () => latestAlarms(groupId, ALARM_FEED_SIZE),
    ...common,
  });
  const count = useQuery({
    queryKey: ['screen', 'alarms', 'count', groupId],
    queryFn: () => openAlarms(groupId),
    ...common,
  });
  const active = useQuery({
    queryKey: ['screen', 'alarms', 'active', groupId],
    queryFn: () => activeAlarms(groupId),
    ...common,
  });
  const reload = () => void client.invalidateQueries({ queryKey: ['screen', 'alarms'] });
  useAlarmFeed(reload, reload);
  const alarmed = useMemo(() => new Set((active.data?.list ?? []).map((a) => a.deviceId)), [active.data]);
  return { feed, open: count.data?.open, alarmed };
}
