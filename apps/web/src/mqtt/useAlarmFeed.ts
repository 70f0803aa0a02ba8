import type { AlarmChannelMessage } from '@farmpark/contracts';
import { useParkChannel } from './channels';

/** Calls `handler` for each alarm event of the active park (raised, repeated, acknowledged, cleared). */
export function useAlarmFeed(handler: (m: AlarmChannelMessage) => void): void {
  useParkChannel('alarm', handler);
}
