import { hashSeed } from '../random';

/**
 * Where a device stands. Weather noise is seeded by the place (rounded to ~10 km), not by the device,
 * so a park's weather station, soil station and greenhouse see the same rain and the same sun.
 */
export interface Place {
  lat: number;
  lon: number;
  climateSeed: number;
  /** Offset of local civil time from UTC in minutes (midnight resets, work windows). */
  tzOffsetMin: number;
}

export function placeOf(lat: number, lon: number, tzOffsetMin?: number): Place {
  return {
    lat,
    lon,
    climateSeed: hashSeed('climate', lat.toFixed(1), lon.toFixed(1)),
    tzOffsetMin: tzOffsetMin ?? Math.round(lon / 15) * 60,
  };
}

const DAY_MS = 86_400_000;

/** Minutes since local midnight. */
export function localMinuteOfDay(ts: number, place: Place): number {
  const local = ts + place.tzOffsetMin * 60_000;
  return (((local % DAY_MS) + DAY_MS) % DAY_MS) / 60_000;
}

/** Index of the local calendar day (changes at local midnight). */
export function localDayIndex(ts: number, place: Place): number {
  return Math.floor((ts + place.tzOffsetMin * 60_000) / DAY_MS);
}

/** Is the local time inside a HH:mm window? Windows may cross midnight (19:00-05:00). */
export function inWindow(ts: number, place: Place, window: { start: string; end: string }): boolean {
  const m = localMinuteOfDay(ts, place);
  const s = toMinutes(window.start);
  const e = toMinutes(window.end);
  if (s === e) return true;
  return s < e ? m >= s && m < e : m >= s || m < e;
}

export function toMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}
