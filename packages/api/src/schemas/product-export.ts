import { z } from 'zod';
import { ZProductListFilters } from './product';

export const PRODUCT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TProductExportFormat = (typeof PRODUCT_EXPORT_FORMATS)[number];

/** GET /api/product/export: the admin product list's filters and order, and the file's format. */
export const ZProductExportInput = ZProductListFilters.extend({
  format: z
    .enum(PRODUCT_EXPORT_FORMATS, { error: 'A formátum (format) csv vagy xlsx lehet.' })
    .default('csv'),
});
export type TProductExportInput = z.infer<typeof ZProductExportInput>;

/**
 * A spreadsheet answered by a procedure whose meta says `download: 'spreadsheet'`: tRPC returns this
 * object with the file's bytes in base64 (an XLSX is binary), the REST mirror sends the bytes.
 */
export const ZSpreadsheetFileOutput = z.object({
  filename: z.string(),
  contentType: z.string(),
  content: z.string().meta({ description: 'A fájl base64-ben (tRPC-n; REST-en maga a fájl).' }),
});
export type TSpreadsheetFileOutput = z.infer<typeof ZSpreadsheetFileOutput>;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
