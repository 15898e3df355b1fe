import { z } from 'zod';
import { ZId } from './common';
import { base64LengthOf } from './media';
import { XLSX_CONTENT_TYPE } from './product-export';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, PRESET_IDS, PRESET_LABELS } from './product-sheet';

const ZPreset = z.enum(PRESET_IDS, {
  error: 'Ismeretlen előbeállítás (sajat, unas, shoprenter, woocommerce).',
});
const ZImportField = z.enum(IMPORT_FIELDS, { error: 'Ismeretlen mező.' });
const ZOutcome = z.enum(['created', 'changed', 'unchanged', 'refused']);

/** The largest sheet an import takes: 50 MB, told to the owner before the upload starts. */
export const IMPORT_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
/** The same limit as base64. */
export const IMPORT_UPLOAD_MAX_BASE64 = base64LengthOf(IMPORT_UPLOAD_MAX_BYTES);
export const IMPORT_TOO_LARGE = 'A fájl legfeljebb 50 MB lehet.';

/**
 * The types a sheet may be sent as raw over REST. Windows labels a CSV `application/vnd.ms-excel` when
 * Excel is installed; the server reads the format from the bytes, not from the label.
 */
export const IMPORT_SHEET_CONTENT_TYPES = [
  'text/csv',
  'text/plain',
  'application/vnd.ms-excel',
  XLSX_CONTENT_TYPE,
  'application/octet-stream',
] as const;
export const IMPORT_PICTURES_CONTENT_TYPES = [
  'application/zip',
  'application/x-zip-compressed',
  'application/octet-stream',
] as const;

const RAW_BODY_NOTE = 'Elhagyható, ha a fájl maga a kérés törzse (REST, lásd a leírást).';

export const ZProductImportUploadInput = z.strictObject({
  fileName: z.string().trim().min(1, { error: 'A fájl neve kötelező.' }).max(200),
  dataBase64: z
    .string()
    .min(1, { error: 'A fájl üres.' })
    .optional()
    .meta({
      description: `A CSV (UTF-8 vagy Windows-1250, \`;\`, \`,\` vagy tabulátor elválasztóval) vagy XLSX fájl base64-ben, legfeljebb 50 MB. ${RAW_BODY_NOTE}`,
    }),
});

export const ZProductImportCheckInput = z.strictObject({
  id: ZId,
  mapping: z
    .record(z.string().max(200), ZImportField)
    .refine((mapping) => Object.keys(mapping).length <= 200, {
      error: 'Legfeljebb 200 oszlop rendelhető mezőhöz.',
    })
    .meta({ description: 'Oszlopnév → mező (a ki nem rendelt oszlopokat az import nem olvassa).' }),
  preset: ZPreset.nullable().meta({
    description:
      'Melyik bolt exportjának szokásai szerint olvassuk a listás cellákat (kategóriák, képek); null: a saját exportunké.',
  }),
});

const ZChange = z.object({ field: z.string(), from: z.string(), to: z.string() });

export const ZProductImport = z.object({
  id: ZId,
  fileName: z.string(),
  format: z.string().meta({ description: '"csv" vagy "xlsx".' }),
  preset: ZPreset.nullable(),
  headers: z.array(z.string()),
  mapping: z.record(z.string(), ZImportField),
  status: z.enum(['uploaded', 'checked', 'pending', 'done', 'failed']).meta({
    description:
      'uploaded: feltöltve; checked: a próba lefutott, az eredménye a sorokban; pending: a háttérben fut; done: kész; failed: megállt (error).',
  }),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.date(),
  finishedAt: z.date().nullable(),
});

export const ZProductImportUploadOutput = ZProductImport.extend({
  sample: z
    .array(z.array(z.string()))
    .meta({ description: 'Az első legfeljebb három adatsor, a hozzárendelés ellenőrzéséhez.' }),
  mappingRemembered: z
    .boolean()
    .meta({ description: 'Igaz, ha ugyanilyen fejlécű fájlnál legutóbb használt hozzárendelést kínáljuk.' }),
});

export const ZProductImportRowsInput = z.strictObject({
  id: ZId,
  outcome: ZOutcome.nullish(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});

export const ZProductImportRowsOutput = z.object({
  total: z.number().int(),
  items: z.array(
    z.object({
      rowNumber: z.number().int(),
      sku: z.string().nullable(),
      name: z.string().nullable(),
      outcome: ZOutcome,
      changes: z.array(ZChange),
      message: z.string().nullable(),
      productId: z.number().int().nullable(),
    }),
  ),
});

export const ZProductImportOptions = z.object({
  fields: z.array(z.object({ field: ZImportField, label: z.string() })),
  presets: z.array(z.object({ id: ZPreset, label: z.string() })),
});

export const PRODUCT_IMPORT_OPTIONS: z.infer<typeof ZProductImportOptions> = {
  fields: IMPORT_FIELDS.map((field) => ({ field, label: IMPORT_FIELD_LABELS[field] })),
  presets: PRESET_IDS.map((id) => ({ id, label: PRESET_LABELS[id] })),
};

export type TProductImportField = z.infer<typeof ZImportField>;
export type TProductImportPreset = z.infer<typeof ZPreset>;
export type TProductImportOutcome = z.infer<typeof ZOutcome>;

export const ZProductImportPicturesInput = z.strictObject({
  id: ZId,
  dataBase64: z
    .string()
    .min(1, { error: 'A fájl üres.' })
    .optional()
    .meta({ description: `A képeket tartalmazó ZIP-fájl base64-ben, legfeljebb 50 MB. ${RAW_BODY_NOTE}` }),
});

export const ZProductImportPicturesOutput = ZProductImport.extend({
  pictureCount: z.number().int().meta({ description: 'Hány fájl van a ZIP-ben.' }),
});
