import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, defuseFormula } from './spreadsheet';

describe('spreadsheet cells', () => {
  it('defuses text a spreadsheet would run as a formula, and only that', () => {
    for (const s of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(defuseFormula(s)).toBe(`'${s}`);
    for (const s of ['a=1', '', ' =1', "'=1", '温度']) expect(defuseFormula(s)).toBe(s);
  });

  it('keeps numbers as numbers (a negative reading is not defused) and quotes per RFC 4180', () => {
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell('-3.5')).toBe("'-3.5");
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell({ on: true })).toBe('"{""on"":true}"');
    expect(csvLine(['=x', 1, 'line\nbreak'])).toBe(`'=x,1,"line\nbreak"\r\n`);
  });
});
