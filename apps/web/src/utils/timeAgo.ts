const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type TimeAgo = { unit: 'justNow' } | { unit: 'minutes' | 'hours' | 'days'; value: number };

/**
 * SPEC §9: minutes under an hour, hours under a day, then days. A time in the future counts as now.
 * A difference of instants, so the same in every zone; an exact time goes through utils/time.
 */
export function timeAgo(time: number | Date, now: number | Date = Date.now()): TimeAgo {
  const diff = Number(now) - Number(time);
  if (diff < MINUTE) return { unit: 'justNow' };
  if (diff < HOUR) return { unit: 'minutes', value: Math.floor(diff / MINUTE) };
  if (diff < DAY) return { unit: 'hours', value: Math.floor(diff / HOUR) };
  return { unit: 'days', value: Math.floor(diff / DAY) };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function formatTimeAgo(t: Translate, time: number | Date, now?: number | Date): string {
  const ago = timeAgo(time, now);
  return ago.unit === 'justNow' ? t('timeAgo.justNow') : t(`timeAgo.${ago.unit}`, { count: ago.value });
}
