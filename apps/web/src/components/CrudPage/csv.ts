import { csvLine } from '@farmpark/contracts/spreadsheet';
import { saveFile } from '../../utils/saveFile';

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
  saveFile(new Blob([text], { type }), filename);
}
