import { STALE_AFTER_MS } from './timing';

export type Freshness =
  | { state: 'live' }
  /** The live link is down: the client is reconnecting on its own. */
  | { state: 'offline' }
  /** The API has not answered since `since` (server restart, network cut). */
  | { state: 'apiFailing'; since: number }
  /** Online devices exist but the newest reading is old: something upstream stopped. */
  | { state: 'oldReadings'; newest: number };

export interface FreshnessInput {
  now: number;
  mqttConnected: boolean;
  /** When the device list last loaded from the API (0: never). */
  loadedAt: number;
  /** True while the last attempt to reload it failed. */
  loadFailing: boolean;
  /** The newest reading of any device the screen shows (null: none yet). */
  newestReading: number | null;
  anyOnline: boolean;
}

/**
 * Whether what the screen shows can be trusted as current, and if not, why. Checked once a minute:
 * a screen on a wall is read from a distance, so it must say when its numbers stopped moving.
 */
export function freshness(i: FreshnessInput): Freshness {
  if (!i.mqttConnected) return { state: 'offline' };
  if (i.loadFailing && i.loadedAt > 0 && i.now - i.loadedAt > STALE_AFTER_MS)
    return { state: 'apiFailing', since: i.loadedAt };
  if (i.anyOnline && i.newestReading !== null && i.now - i.newestReading > STALE_AFTER_MS)
    return { state: 'oldReadings', newest: i.newestReading };
  return { state: 'live' };
}
