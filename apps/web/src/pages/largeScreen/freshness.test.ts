import { describe, expect, it } from 'vitest';
import { freshness } from './freshness';
import { STALE_AFTER_MS } from './timing';

const NOW = 1_800_000_000_000;
const base = {
  now: NOW,
  mqttConnected: true,
  loadedAt: NOW - 60_000,
  loadFailing: false,
  newestReading: NOW - 30_000,
  anyOnline: true,
};

describe('freshness', () => {
  it('is live while the link is up, the API answers and readings keep coming', () => {
    expect(freshness(base)).toEqual({ state: 'live' });
  });

  it('says so at once when the live link is down', () => {
    expect(freshness({ ...base, mqttConnected: false })).toEqual({ state: 'offline' });
  });

  it('names the time of the data once the API has failed for longer than two refreshes', () => {
    const loadedAt = NOW - STALE_AFTER_MS - 1;
    expect(freshness({ ...base, loadFailing: true, loadedAt })).toEqual({ state: 'apiFailing', since: loadedAt });
    // one failed refresh soon after a good one is not yet stale
    expect(freshness({ ...base, loadFailing: true, loadedAt: NOW - 60_000 })).toEqual({ state: 'live' });
  });

  it('flags old readings only when some device is online to send new ones', () => {
    const newest = NOW - STALE_AFTER_MS - 1;
    expect(freshness({ ...base, newestReading: newest })).toEqual({ state: 'oldReadings', newest });
    expect(freshness({ ...base, newestReading: newest, anyOnline: false })).toEqual({ state: 'live' });
    expect(freshness({ ...base, newestReading: null })).toEqual({ state: 'live' });
  });
});
