/**
 * Calendar days ('YYYY-MM-DD') as a park counts them: in its own IANA zone, not UTC's nor the browser's.
 * The one home of day arithmetic for the server and the console.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** The day `at` falls on in `timeZone` (sv-SE writes ISO order). */
export function dayIn(timeZone: string, at: number = Date.now()): string {
  let fmt = formats.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, fmt);
  }
  return fmt.format(at);
}

const DAY_MS = 86_400_000;
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);

export function addDays(day: string, n: number): string {
  return new Date(utc(day) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/** First and last day of a month 'YYYY-MM'. */
export function monthBounds(month: string): { first: string; last: string } {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y as number, m as number, 0)).toISOString().slice(0, 10);
  return { first: `${month}-01`, last };
}
