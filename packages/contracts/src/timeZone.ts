import { z } from 'zod';
import { named } from './errorDetail';
import { optional } from './requestValues';

/**
 * A park's time zone (ARCHITECTURE "Time"): times are stored as epoch ms and shown, picked, charted and
 * exported in the park's IANA zone, whatever the zone of the browser or of the server process.
 */
export function isTimeZone(v: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
    return true;
  } catch {
    return false;
  }
}

const zone = () => z.string().max(64, named('timeZone')).refine(isTimeZone, named('timeZone'));

/** Blank means "not set" (null): the park then follows the server's TZ_NAME. */
export const timeZoneField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
  zone().nullable(),
);

/**
 * An export's `timeZone`: the console sends its active park's zone so the file says the hours its table
 * showed (the park filter of a record page may be another park, or none). Without it, the park's zone.
 */
export const withExportZone = <T extends z.ZodType>(query: T) =>
  z.intersection(
    query,
    z.object({
      timeZone: optional(zone()),
    }),
  );
