import type { AlarmChannelMessage } from '@farmpark/contracts';
import { useParkChannel } from './channels';

/**
 * Calls `handler` for each alarm event of the active park (raised, repeated, acknowledged, cleared), and
 * `resync` whenever the feed becomes live, to reload what may have changed before it was.
 */
export function useAlarmFeed(handler: (m: AlarmChannelMessage) => void, resync?: () => void): void {
  useParkChannel('alarm', handler, resync);
}
