/*
 * CSV as RFC 4180 writes it, for records in the service's shapes. Columns are named by dotted
 * paths into a record (`location.city`, `red.teams`), so nested objects flatten without a second
 * description of each resource.
 */

export const CSV_LINE_END = '\r\n';

/** Team lists and other arrays share one cell; team numbers never contain a space. */
export const CSV_LIST_SEPARATOR = ' ';

/**
 * Spreadsheets run a cell that begins with one of these as a formula (tab and CR through the
 * paste and import paths), which lets a hostile event or team name reach a person's machine.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A number as JavaScript prints it (-5, -0.25, -1e-7): a spreadsheet reads it as that number. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/** A leading `'` makes the spreadsheet show the text; plain numbers keep their value. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** Quotes a field that needs it, doubling the quotes inside (RFC 4180 section 2.6 and 2.7). */
export function quoteField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The text of one cell: null is empty, a list is joined, a nested object has no single cell. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(cellText).join(CSV_LIST_SEPARATOR);
  throw new TypeError('a CSV column must name a value, not a nested object');
}

/** The value at a dotted path (`rankings.world`); `undefined` where the record has none. */
export function valueAt(record: unknown, path: string): unknown {
  let value: unknown = record;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

export function csvField(value: unknown): string {
  return quoteField(neutraliseFormula(cellText(value)));
}

/** One line of the file, line end included. */
export function csvRow(fields: readonly unknown[]): string {
  return fields.map(csvField).join(',') + CSV_LINE_END;
}

export function csvRecordRow(record: unknown, columns: readonly string[]): string {
  return csvRow(columns.map((column) => valueAt(record, column)));
}
