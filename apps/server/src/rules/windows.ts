import type { TimeWindow } from '@farmpark/contracts';

/** Local wall time in a zone: ISO weekday (1 Monday .. 7 Sunday) and minutes since midnight. */
export interface LocalTime {
  weekday: number;
  minutes: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const formatters = new Map<string, Intl.DateTimeFormat>();

export function localTime(ts: number, tz: string): LocalTime {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(tz, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(ts)).map((p) => [p.type, p.value]));
  return { weekday: WEEKDAYS[parts.weekday], minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** "HH:mm" of an instant in a zone, as programs' start times and windows are written. */
export function hhmmIn(ts: number, tz: string): string {
  const { minutes } = localTime(ts, tz);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether a local time falls in a window. A window whose end is before its start crosses midnight;
 * its `days` name the day it opens on, so "22:00-06:00 on Friday" also covers early Saturday.
 */
export function inWindow(w: TimeWindow, t: LocalTime): boolean {
  const start = minutesOf(w.start);
  const end = minutesOf(w.end);
  const opensOn = (day: number) => !w.days || w.days.includes(day);
  if (start < end) return t.minutes >= start && t.minutes < end && opensOn(t.weekday);
  if (t.minutes >= start) return opensOn(t.weekday);
  if (t.minutes < end) return opensOn(t.weekday === 1 ? 7 : t.weekday - 1);
  return false;
}

/** No windows means "always". */
export function inAnyWindow(windows: readonly TimeWindow[] | undefined, ts: number, tz: string): boolean {
  if (!windows || windows.length === 0) return true;
  const t = localTime(ts, tz);
  return windows.some((w) => inWindow(w, t));
}

/**
 * The first moment at or after `ts` outside every window (minute resolution), or null if the windows
 * cover the whole week. Used to hold notifications until quiet hours end.
 */
export function nextOutside(windows: readonly TimeWindow[], ts: number, tz: string): number | null {
  if (windows.length === 0 || !inAnyWindow(windows, ts, tz)) return ts;
  const first = Math.ceil(ts / 60_000) * 60_000;
  for (let m = 0; m <= 7 * 24 * 60; m++) {
    const at = first + m * 60_000;
    if (!inAnyWindow(windows, at, tz)) return at;
  }
  return null;
}
