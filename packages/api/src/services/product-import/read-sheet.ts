import { parse } from 'csv-parse/sync';
import { DomainError } from '../../errors';

/** A sheet as text: its header row and its data rows, every cell a trimmed string. */
export type Sheet = { headers: string[]; rows: string[][] };

export type SheetFormat = 'csv' | 'xlsx';

export const MAX_IMPORT_ROWS = 100_000;

/** XLSX is a ZIP, which starts with "PK\x03\x04"; anything else is read as CSV text. */
export function sheetFormatOf(bytes: Uint8Array): SheetFormat {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04 ? 'xlsx' : 'csv';
}

function unreadable(message: string): DomainError {
  return new DomainError('invalid_input', message, [{ path: 'file', message }]);
}

/**
 * The text of a CSV file: UTF-8 (with or without BOM) as our export and most engines write it, or,
 * when the bytes are not valid UTF-8, Windows-1250, which Hungarian Excel's plain "CSV" save uses.
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1250').decode(bytes);
  }
}

/** `;` (Hungarian Excel), `,` (WooCommerce, Shopify) or a tab, whichever the header line has most of. */
export function csvDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', ',', '\t'].map((sign) => [sign, firstLine.split(sign).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]?.[1] ? counts[0][0] : ';';
}

function toSheet(table: unknown[][]): Sheet {
  const [head, ...body] = table;
  const headers = (head ?? []).map((cell) => cleanCell(cell));
  if (headers.every((header) => header === '')) {
    throw unreadable('A fájl első sora üres: az oszlopok nevét várjuk benne.');
  }
  const rows = body
    .map((row) => headers.map((_header, index) => cleanCell(row[index])))
    .filter((row) => row.some((cell) => cell !== ''));
  if (rows.length > MAX_IMPORT_ROWS) {
    throw unreadable(`Egy fájlban legfeljebb ${MAX_IMPORT_ROWS.toLocaleString('hu-HU')} sor lehet.`);
  }
  return { headers, rows };
}

// Tab, line feed and carriage return stay: a description may hold them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A cell as trimmed text without NUL and the other control characters a sheet should not carry. */
function cleanCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(CONTROL_CHARACTERS, '').trim();
}

export function readCsv(bytes: Uint8Array): Sheet {
  const text = decodeCsv(bytes).replace(/^\uFEFF/, '');
  let table: string[][];
  try {
    table = parse(text, {
      delimiter: csvDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      bom: true,
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw unreadable(`A CSV fájl nem olvasható${line ? ` (${line}. sor)` : ''}: hibás idézőjelezés.`);
  }
  return toSheet(table.map((row) => row.map(undoFormulaDefusing)));
}

/**
 * Our CSV export writes an apostrophe before a text starting with = + - @ so Excel does not run it
 * as a formula (csv.ts); reading it back takes the apostrophe off again.
 */
function undoFormulaDefusing(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** The first worksheet of an XLSX file; dates become "2026-03-01 14:05" as shown, formulas their result. */
export async function readXlsx(bytes: Uint8Array): Promise<Sheet> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw unreadable('Az XLSX fájl nem olvasható: sérült, vagy nem Excel-munkafüzet.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unreadable('Az XLSX fájlban nincs munkalap.');
  const table: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: unknown[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = xlsxCellText(cell.value);
    });
    table.push(cells);
  });
  return toSheet(table);
}

// Excel keeps a date without a zone, and exceljs hands it over as that wall-clock time in UTC.
const xlsxDate = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'UTC',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

function xlsxCellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return xlsxDate.format(value);
  if (typeof value !== 'object') return String(value);
  const rich = value as { result?: unknown; text?: unknown; richText?: { text: string }[] };
  if (rich.richText) return rich.richText.map((part) => part.text).join('');
  if ('result' in rich) return xlsxCellText(rich.result);
  if (typeof rich.text === 'string') return rich.text;
  return '';
}

export async function readSheet(bytes: Uint8Array): Promise<{ format: SheetFormat; sheet: Sheet }> {
  const format = sheetFormatOf(bytes);
  return { format, sheet: format === 'xlsx' ? await readXlsx(bytes) : readCsv(bytes) };
}
