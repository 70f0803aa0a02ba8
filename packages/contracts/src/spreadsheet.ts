/**
 * Text a spreadsheet would run as a formula (a leading = + - @, tab or carriage return, as OWASP lists
 * for CSV injection) gets a leading apostrophe, so it is shown, never evaluated. Numbers are not text
 * and are never passed here: a negative number stays a number.
 */
export function defuseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180 quoting only: for text that is already defused. */
export const csvQuote = (s: string): string => (/[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);

/** One CSV cell: numbers as they are, anything else as defused and quoted text. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return csvQuote(defuseFormula(typeof value === 'object' ? JSON.stringify(value) : String(value)));
}

/** One CSV line with its CRLF. */
export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;
