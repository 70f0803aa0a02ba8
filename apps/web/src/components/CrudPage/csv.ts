/** RFC 4180 cell; a leading = + - @ is defused so a spreadsheet never runs a cell as a formula. */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export interface CsvColumn<T> {
  title: string;
  value: (row: T) => unknown;
}

/** A CSV document with a BOM, so spreadsheet programs read Chinese text as UTF-8. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
  return `\uFEFF${line(columns.map((c) => c.title))}${rows.map((r) => line(columns.map((c) => c.value(r)))).join('')}`;
}

export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
