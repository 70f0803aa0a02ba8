/**
 * How often each part of a data screen is read again from the API, besides the live messages. A screen
 * is left on for days: a scheduled refresh heals whatever a lost message or a restart left behind.
 */
export const REFRESH = {
  /** Device configurations and latest values (live messages keep them current in between). */
  devices: 5 * 60_000,
  /** Map geometry changes rarely. */
  map: 15 * 60_000,
  weatherNow: 10 * 60_000,
  pests: 10 * 60_000,
  /** Water so far grows while a run goes on; its counter comes by the API only. */
  irrigation: 60_000,
  alarms: 2 * 60_000,
  /** Plantings and harvests are entered by hand a few times a day. */
  production: 10 * 60_000,
  /**
   * The cameras' newest pictures: the schedule takes one every few minutes (demo: 10), so a minute shows
   * each soon enough; a picture not changed is not fetched again (same address, cached).
   */
  cameras: 60_000,
  /** A multi-park screen's comparison: counts that live messages do not carry. */
  overview: 60_000,
} as const;

/**
 * The screen says its data is stale when the API has not answered for this long (two device refreshes
 * missed) or when the newest reading of any online device is this old: stations report every few
 * minutes at most.
 */
export const STALE_AFTER_MS = 10 * 60_000;

/** Alarms in the feed, newest first: the feed is a fixed window, not a growing list. */
export const ALARM_FEED_SIZE = 8;
