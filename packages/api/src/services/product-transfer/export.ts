import { PassThrough } from 'node:stream';
import type { PrismaClient } from '@shop/db';
import ExcelJS from 'exceljs';
import type { VersionedCache } from '../../cache';
import type { Context, StreamedFile } from '../../context';
import { type TProductExportInput, type TSpreadsheetFileOutput, XLSX_CONTENT_TYPE } from '../../schemas';
import { PRODUCT_FIELDS } from '../../schemas/product-sheet';
import { CSV_BOM, CSV_CONTENT_TYPE, csvLine, datedFileName } from '../csv';
import { FIELD_HEADERS } from './columns';
import { type ExportRow, productExportRows } from './export-rows';

/**
 * GET /api/product/export: the admin product list, with its filters, as the spreadsheet our own import
 * reads back (columns.ts): CSV as Hungarian Excel opens it (csv.ts) or XLSX. Both are written page by
 * page as the rows are read, so the file's body is a stream of chunks.
 */

type Deps = { prisma: PrismaClient; cache: VersionedCache; publicUrl: string };

const HEADERS = PRODUCT_FIELDS.map((field) => FIELD_HEADERS[field]);
const FILE_NAME = 'termekek';

async function* csvBody(pages: AsyncIterable<ExportRow[]>): AsyncGenerator<Buffer> {
  yield Buffer.from(`${CSV_BOM}${csvLine(HEADERS)}`);
  for await (const rows of pages) yield Buffer.from(rows.map(csvLine).join(''));
}

function drainedOrClosed(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    stream.once('drain', resolve);
    stream.once('close', resolve);
  });
}

/**
 * The workbook through exceljs's streaming writer: each row is committed (written out) as soon as it is
 * added. A string cell stays a string whatever it starts with, so "=…" is text, never a formula.
 */
function xlsxBody(pages: AsyncIterable<ExportRow[]>): AsyncIterable<Buffer> {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Termékek', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = HEADERS.map((header) => ({ width: Math.max(12, header.length + 2) }));
  const write = async () => {
    const header = sheet.addRow(HEADERS);
    header.font = { bold: true };
    header.commit();
    for await (const rows of pages) {
      for (const row of rows) sheet.addRow([...row]).commit();
      // A slow reader holds the next page back, so about a page waits in memory; a reader gone stops it.
      if (stream.writableNeedDrain) await drainedOrClosed(stream);
      if (stream.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) =>
    stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return stream;
}

/** The export as a stream of chunks, written as they are read. */
export async function productExportStream(
  deps: Deps,
  input: TProductExportInput,
  now: Date = new Date(),
): Promise<StreamedFile> {
  const { format, ...filters } = input;
  const pages = await productExportRows(deps, filters);
  return format === 'xlsx'
    ? {
        filename: datedFileName(FILE_NAME, 'xlsx', now),
        contentType: XLSX_CONTENT_TYPE,
        body: xlsxBody(pages),
      }
    : { filename: datedFileName(FILE_NAME, 'csv', now), contentType: CSV_CONTENT_TYPE, body: csvBody(pages) };
}

/**
 * The export as a file answer: handed as a stream to a transport that sends it while it is written (REST),
 * otherwise whole with its bytes in base64 (tRPC).
 */
export async function productExportFile(
  deps: Deps & Pick<Context, 'sendFileStream'>,
  input: TProductExportInput,
  now: Date = new Date(),
): Promise<TSpreadsheetFileOutput> {
  const file = await productExportStream(deps, input, now);
  const { filename, contentType, body } = file;
  if (deps.sendFileStream) {
    deps.sendFileStream(file);
    return { filename, contentType, content: '' };
  }
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return { filename, contentType, content: Buffer.concat(chunks).toString('base64') };
}
