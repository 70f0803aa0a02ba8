import type { AlarmChannelMessage } from '@farmpark/contracts';
import { useParkChannel } from './channels';
import { useMqttStatus } from './index';

/** Calls `handler` for each alarm event of the active park; returns whether messaging is connected. */
export function useAlarmFeed(handler: (m: AlarmChannelMessage) => void): boolean {
  useParkChannel('alarm', handler);
  return useMqttStatus();
}
