/** A value of one cell: numbers and booleans are written as they are; text is quoted and guarded. */
export type Cell = string | number | boolean | null;
export type Row = Record<string, Cell>;

/**
 * Text a spreadsheet would run as a formula (CSV injection, OWASP): `=`, `+`, `-`, `@`, and the tab and carriage
 * return some spreadsheets skip before reading one. Such a cell gets a leading apostrophe, which spreadsheets show
 * as text. Numbers are not text: a negative amount stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null) return '""';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '""';
  if (typeof value === 'boolean') return value ? '"true"' : '"false"';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Every column any row has, in the order first seen. */
export function columnsOf(rows: readonly Row[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) columns.add(key);
  return [...columns];
}

/**
 * CSV a spreadsheet opens as it is (RFC 4180): UTF-8 with a byte order mark (Excel reads Chinese text right only
 * then), CRLF line ends, every text field quoted (quotes doubled; line breaks inside a field stay inside its quotes),
 * a header row of the column names, and formula-like text guarded (csvCell).
 */
export function toCsv(rows: readonly Row[], columns: readonly string[] = columnsOf(rows)): Buffer {
  const lines = [columns.map((c) => csvCell(c)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c] ?? null)).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
