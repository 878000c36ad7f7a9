import Papa from 'papaparse';

/**
 * SEC-6: CSV files the admin exports are opened in spreadsheets, which run a cell starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return as a formula (`=HYPERLINK(…)` in a cookie's
 * processor name would run on the customer's machine). Such a cell is written with a leading
 * apostrophe, which spreadsheets show as text. So that export → import gives back exactly what
 * was stored, a value that itself starts with the apostrophe gets one too, and the import takes
 * one leading apostrophe off every cell.
 */
const ESCAPE_CHARACTER = "'";
const NEEDS_ESCAPE = /^[=+\-@\t\r']/;

/** The file for these columns and rows (numbers are written as they are: they cannot be formulas). */
export const toCsv = (columns: string[], rows: Record<string, string | number | null>[]): string =>
  Papa.unparse({ fields: columns, data: rows.map((row) => columns.map((column) => row[column] ?? '')) }, { newline: '\n', escapeFormulae: NEEDS_ESCAPE });

/** The same rows without the header line: the next part of a file streamed in pages. */
export const toCsvRows = (columns: string[], rows: Record<string, string | number | null>[]): string =>
  rows.length === 0
    ? ''
    : `${Papa.unparse({ fields: columns, data: rows.map((row) => columns.map((column) => row[column] ?? '')) }, { newline: '\n', header: false, escapeFormulae: NEEDS_ESCAPE })}\n`;

/** A cell as stored: without the one apostrophe `toCsv` (or a spreadsheet user) put in front. */
const unescapeCell = (value: string): string => (value.startsWith(ESCAPE_CHARACTER) ? value.slice(1) : value);

/** An import file's header and rows (cells unescaped). */
export interface ParsedCsv {
  columns: string[];
  rows: Record<string, string>[];
}

/** A CSV with a header row into records (cells unescaped); undefined when it cannot be read. */
export const parseImportCsv = (text: string): ParsedCsv | undefined => {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
    transform: unescapeCell,
  });
  // A one-column file has no delimiter to detect: that warning is harmless; broken quoting is not.
  if (parsed.errors.some((e) => e.type === 'Quotes') || !parsed.meta.fields) return undefined;
  return { columns: parsed.meta.fields, rows: parsed.data };
};
