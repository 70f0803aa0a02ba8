import type { Dayjs } from 'dayjs';
import { toPicker } from './time';

export type DateRange = [Dayjs, Dayjs];

/**
 * Range-picker values: wall-clock days of the active park (see utils/time `toPicker`), so "today" is
 * the park's today whatever the browser's zone. Turn them into ms with `pickedDays`/`fromPicker`.
 */
const parkToday = (now?: Dayjs | Date) => (now === undefined ? toPicker(Date.now()) : toPicker(now.valueOf()));

/** The last `days` calendar days including today, from the start of the first to the end of today (SPEC §9: 7). */
export function lastDays(days: number, now?: Dayjs | Date): DateRange {
  const today = parkToday(now);
  return [today.subtract(days - 1, 'day').startOf('day'), today.endOf('day')];
}

/** From the start of today to the end of the day `days` ahead (SPEC §9: 30 and 90). */
export function daysAhead(days: number, now?: Dayjs | Date): DateRange {
  const today = parkToday(now);
  return [today.startOf('day'), today.add(days, 'day').endOf('day')];
}

export const last7Days = (now?: Dayjs | Date) => lastDays(7, now);
export const next30Days = (now?: Dayjs | Date) => daysAhead(30, now);
export const next90Days = (now?: Dayjs | Date) => daysAhead(90, now);
