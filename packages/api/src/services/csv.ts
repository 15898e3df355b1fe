import type { TFileOutput } from '../schemas';

/**
 * CSV files that Hungarian Excel opens as they are: UTF-8 with a byte order mark (else accents
 * break), `;` between fields (the Hungarian list separator), CRLF lines, Budapest times.
 */

export type CsvValue = string | number | null;

/**
 * One CSV field: quoted when it holds the separator, a quote or a line break; a leading
 * = + - @ (which Excel would run as a formula) is defused with an apostrophe.
 */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** "2026-03-01 14:05" in Hungarian local time, which Excel reads as a date. */
const csvDateFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Budapest',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

export function csvDate(date: Date | null): string | null {
  return date ? csvDateFormat.format(date) : null;
}

export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** One line of the file with its CRLF. */
export function csvLine(row: readonly CsvValue[]): string {
  return `${row.map(csvField).join(';')}\r\n`;
}

/** A file's name for the Budapest day: `<name>-2026-03-01.<extension>`. */
export function datedFileName(name: string, extension: string, now: Date = new Date()): string {
  return `${name}-${csvDateFormat.format(now).slice(0, 10)}.${extension}`;
}

/** The whole file, named `<name>-<Budapest day>.csv`. */
export function csvFile(
  name: string,
  headers: readonly string[],
  rows: Iterable<readonly CsvValue[]>,
  now: Date = new Date(),
): TFileOutput {
  const lines = [csvLine(headers)];
  for (const row of rows) lines.push(csvLine(row));
  return {
    filename: datedFileName(name, 'csv', now),
    contentType: CSV_CONTENT_TYPE,
    content: `${CSV_BOM}${lines.join('')}`,
  };
}
