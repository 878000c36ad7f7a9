import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { parseImportCsv, toCsv } from './csv';

const TRICKY = ['=1+1', '+33 1 23', '-5', '@SUM(A1)', '\tindented', '\rreturn', "'quoted", "''twice", '=HYPERLINK("http://evil.test","x")', 'plain', '', 'a=b'];

describe('formula-safe CSV', () => {
  it('[SEC-6] writes a cell that a spreadsheet would run as a formula with a leading apostrophe', () => {
    const csv = toCsv(
      ['value'],
      TRICKY.map((value) => ({ value })),
    );
    const cells = Papa.parse<string[]>(csv, { skipEmptyLines: false })
      .data.slice(1)
      .map((row) => row[0]);
    for (const cell of cells) expect(cell ?? '', JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
    expect(cells.slice(0, 4)).toEqual(["'=1+1", "'+33 1 23", "'-5", "'@SUM(A1)"]);
    expect(cells.at(-3)).toBe('plain');
    expect(toCsv(['n'], [{ n: -5 }])).toBe('n\n-5');
  });

  it('[SEC-6] reads back exactly what was written, also values that start with the apostrophe itself', () => {
    const csv = toCsv(
      ['id', 'value', 'other'],
      TRICKY.map((value, id) => ({ id, value, other: value })),
    );
    const read = parseImportCsv(csv);
    expect(read?.rows.map((row) => row.value)).toEqual(TRICKY);
    expect(read?.rows.map((row) => row.other)).toEqual(TRICKY);
    expect(parseImportCsv("value\n'")?.rows).toEqual([{ value: '' }]);
  });
});
