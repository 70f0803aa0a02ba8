/**
 * Rollup buckets. Hours are UTC hours (every zone FarmPark targets has whole-hour offsets); days, and
 * the months built from them, start at local midnight of the configured zone (TZ_NAME), because a
 * farmer's "yesterday" is a local day. Bucket keys are the epoch ms of the bucket's start.
 */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export const hourBucket = (ts: number) => Math.floor(ts / HOUR_MS) * HOUR_MS;

export interface ZoneClock {
  tzName: string;
  /** Offset of local time from UTC at `ts`, in ms. */
  offsetAt(ts: number): number;
  dayBucket(ts: number): number;
  /** Start of the local month containing `ts`. */
  monthBucket(ts: number): number;
  /** Start of the local month after the one starting at `monthStart`. */
  nextMonth(monthStart: number): number;
}

/** Offsets change at most on quarter-hour instants, so caching per quarter hour is exact and keeps Intl off the hot path. */
const QUARTER_MS = 900_000;

export function zoneClock(tzName: string): ZoneClock {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone: tzName,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const cache = new Map<number, number>();
  const compute = (ts: number): number => {
    const p: Record<string, number> = {};
    for (const part of fmt.formatToParts(ts)) if (part.type !== 'literal') p[part.type] = Number(part.value);
    const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    return asUtc - Math.floor(ts / 1000) * 1000;
  };
  const offsetAt = (ts: number): number => {
    const q = Math.floor(ts / QUARTER_MS);
    let off = cache.get(q);
    if (off === undefined) {
      off = compute(q * QUARTER_MS);
      if (cache.size > 100_000) cache.clear();
      cache.set(q, off);
    }
    return off;
  };
  /** The UTC instant of a local wall-clock time (given as if it were UTC). */
  const fromLocal = (localMs: number): number => {
    let utc = localMs - offsetAt(localMs);
    const again = localMs - offsetAt(utc);
    if (again !== utc) utc = again;
    return utc;
  };
  return {
    tzName,
    offsetAt,
    dayBucket(ts) {
      const local = ts + offsetAt(ts);
      return fromLocal(Math.floor(local / DAY_MS) * DAY_MS);
    },
    monthBucket(ts) {
      const d = new Date(ts + offsetAt(ts));
      return fromLocal(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
    },
    nextMonth(monthStart) {
      const d = new Date(monthStart + offsetAt(monthStart));
      return fromLocal(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
    },
  };
}
