import type { Lang } from './texts';

/** The server's default zone (TZ_NAME) when an answer names none. */
export const DEFAULT_ZONE = 'Asia/Shanghai';

/** A moment in the park's zone, whatever the phone's own zone. */
export function momentText(ms: number, lang: Lang, timeZone: string): string {
  return new Intl.DateTimeFormat(lang, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(ms));
}

/** A farm day 'YYYY-MM-DD' is already the park's calendar day: shown as it is. */
export const dayText = (day: string) => day;

export const numberText = (n: number, lang: Lang) => new Intl.NumberFormat(lang).format(n);
