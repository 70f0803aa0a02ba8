import { type AlarmLiveMessage, webTopic } from '@farmpark/contracts';
import { useMqttStatus, useTopic } from '../../../mqtt';
import { useParkStore } from '../../../stores/park';
import { useSessionStore } from '../../../stores/session';

/** Calls `handler` for each alarm event of the active park (`web/{m}/{g}/alarm`). */
export function useAlarmFeed(handler: (m: AlarmLiveMessage) => void): boolean {
  const merchantId = useSessionStore((s) => s.user?.merchantId);
  const groupId = useParkStore((s) => s.activeGroupId);
  useTopic(merchantId && groupId ? webTopic(merchantId, groupId, 'alarm') : null, (p) =>
    handler(p as AlarmLiveMessage),
  );
  return useMqttStatus();
}
