/** Calendar days ('YYYY-MM-DD') of a park: farm work is planned and done on the park's days, not UTC's. */

/** Today in `timeZone` (sv-SE writes ISO order). */
export function parkToday(timeZone: string, now = Date.now()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const DAY_MS = 86_400_000;
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);

export function plusDays(day: string, n: number): string {
  return new Date(utc(day) + n * DAY_MS).toISOString().slice(0, 10);
}

/** First and last day of a month 'YYYY-MM'. */
export function monthBounds(month: string): { first: string; last: string } {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { first: `${month}-01`, last };
}
