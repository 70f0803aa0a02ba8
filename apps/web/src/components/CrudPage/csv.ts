import { csvLine } from '@farmpark/contracts/spreadsheet';

/** The one CSV cell of server and console: numbers as they are, text defused against formulas, RFC 4180 quoted. */
export { csvCell } from '@farmpark/contracts/spreadsheet';

export interface CsvColumn<T> {
  title: string;
  value: (row: T) => unknown;
}

/** A CSV document with a BOM, so spreadsheet programs read Chinese text as UTF-8. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  return `\uFEFF${csvLine(columns.map((c) => c.title))}${rows.map((r) => csvLine(columns.map((c) => c.value(r)))).join('')}`;
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
