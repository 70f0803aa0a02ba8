import { webTopic } from '@farmpark/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTopic } from '../../mqtt';
import { useParkStore } from '../../stores/park';
import { useSessionStore } from '../../stores/session';

/** Refetches irrigation queries when a run changes or telemetry arrives (at most once a second). */
export function useIrrigationLive(): void {
  const client = useQueryClient();
  const merchantId = useSessionStore((s) => s.user?.merchantId);
  const groupId = useParkStore((s) => s.activeGroupId);
  const last = useRef(0);
  const refresh = () => {
    if (Date.now() - last.current < 1_000) return;
    last.current = Date.now();
    void client.invalidateQueries({ queryKey: ['irrigation'] });
  };
  const topic = (c: string) => (merchantId && groupId ? webTopic(merchantId, groupId, c) : null);
  useTopic(topic('irrigation'), () => void client.invalidateQueries({ queryKey: ['irrigation'] }));
  useTopic(topic('telemetry'), refresh);
}
