import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useParkStore } from '../stores/park';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The console's one time formatter (ARCHITECTURE "Time"). Times travel as epoch ms; a person reads,
 * picks and exports them in the active park's zone, whatever the browser's zone, so a table, its chart
 * and its export say the same hour.
 *
 * Pickers (antd DatePicker/RangePicker/TimePicker) work with browser-local dayjs values; here they are
 * only "wall-clock" values: `fromPicker` reads the wall clock as park time, `toPicker` shows a park
 * time on the wall clock. Nothing else should call `.valueOf()` on a picker's value.
 */

/** Until the park list arrives: the server's default TZ_NAME. */
export const DEFAULT_ZONE = 'Asia/Shanghai';

const zoneOf = (s: ReturnType<typeof useParkStore.getState>) =>
  s.parks.find((p) => p.groupId === s.activeGroupId)?.timeZone ?? DEFAULT_ZONE;

/** The active park's zone, outside React (formatters, query functions). */
export const parkZone = (): string => zoneOf(useParkStore.getState());

/** The active park's zone; a component using it draws again when the park (or its zone) changes. */
export const useParkZone = (): string => useParkStore(zoneOf);

const FORMATS = {
  datetime: 'YYYY-MM-DD HH:mm:ss',
  minute: 'YYYY-MM-DD HH:mm',
  date: 'YYYY-MM-DD',
  time: 'HH:mm:ss',
  /** Within a few days: `11-22 08:30`. */
  short: 'MM-DD HH:mm',
  hm: 'HH:mm',
} as const;
export type TimeFormat = keyof typeof FORMATS;

type Instant = number | string | Date;

/** An instant in the park's zone (a dayjs for arithmetic and `.format`). */
export const inPark = (t: Instant = Date.now(), zone = parkZone()): Dayjs => dayjs(t).tz(zone);

/** Now in the park's zone. */
export const parkNow = (zone = parkZone()): Dayjs => inPark(Date.now(), zone);

/** `ms` as the park reads it; null/undefined/invalid give `empty`. */
export function formatTime(
  t: Instant | null | undefined,
  format: TimeFormat = 'datetime',
  { zone = parkZone(), empty = '—' }: { zone?: string; empty?: string } = {},
): string {
  if (t === null || t === undefined || t === '') return empty;
  const d = dayjs(t);
  return d.isValid() ? d.tz(zone).format(FORMATS[format]) : empty;
}

/** Start of the park's day that contains `t`, as epoch ms. */
export const startOfDay = (t: Instant = Date.now(), zone = parkZone()): number =>
  inPark(t, zone).startOf('day').valueOf();

/** The epoch ms of a picked wall-clock time, read in the park's zone. */
export const fromPicker = (picked: Dayjs, zone = parkZone()): number =>
  dayjs.tz(picked.format('YYYY-MM-DD HH:mm:ss.SSS'), zone).valueOf();

/** A browser-local dayjs showing the park's wall-clock time of `t`: what a picker should display. */
export const toPicker = (t: Instant, zone = parkZone()): Dayjs =>
  dayjs(inPark(t, zone).format('YYYY-MM-DD HH:mm:ss.SSS'));

/** A picked day range as ms: from the park's start of the first day to the end of the last. */
export const pickedDays = (range: readonly [Dayjs, Dayjs], zone = parkZone()): [number, number] => [
  fromPicker(range[0].startOf('day'), zone),
  fromPicker(range[1].endOf('day'), zone),
];

/** `UTC+08:00 Asia/Shanghai`: said once beside pickers and time columns. */
export function zoneLabel(zone = parkZone(), at = Date.now()): string {
  return `UTC${dayjs(at).tz(zone).format('Z')} ${zone}`;
}

/** An export URL that asks for the active park's zone, so the file says the hours the page showed. */
export function withParkZone(url: string, zone = parkZone()): string {
  return `${url}${url.includes('?') ? '&' : '?'}timeZone=${encodeURIComponent(zone)}`;
}

let zoneOptions: { value: string; label: string }[] | undefined;
/** Every IANA zone the browser knows, labelled with its offset now, for a searchable select. */
export function timeZoneOptions(): { value: string; label: string }[] {
  if (!zoneOptions) {
    const names = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
    zoneOptions = [...names].map((z) => ({ value: z, label: zoneLabel(z) }));
  }
  return zoneOptions;
}
