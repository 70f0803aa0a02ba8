import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useParkChannel } from './channels';

/** Refetches irrigation queries when a run changes or telemetry arrives (telemetry at most once a second). */
export function useIrrigationLive(): void {
  const client = useQueryClient();
  const last = useRef(0);
  const refetch = () => void client.invalidateQueries({ queryKey: ['irrigation'] });
  useParkChannel('irrigation', refetch, refetch);
  useParkChannel('telemetry', () => {
    if (Date.now() - last.current < 1_000) return;
    last.current = Date.now();
    refetch();
  });
}
