import { z } from 'zod';
import { IMPORT_FIELDS, PRESET_IDS, PRESETS } from '../services/product-import/presets';
import { FIELD_LABELS } from '../services/product-transfer/columns';
import { ZId } from './common';
import { base64LengthOf } from './media';

const ZPreset = z.enum(PRESET_IDS, {
  error: 'Ismeretlen előbeállítás (sajat, unas, shoprenter, woocommerce).',
});
const ZImportField = z.enum(IMPORT_FIELDS, { error: 'Ismeretlen mező.' });
const ZOutcome = z.enum(['created', 'changed', 'unchanged', 'refused']);

/** The largest sheet an import takes: 50 MB, told to the owner before the upload starts. */
export const IMPORT_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
/** The same limit as base64. */
export const IMPORT_UPLOAD_MAX_BASE64 = base64LengthOf(IMPORT_UPLOAD_MAX_BYTES);

export const ZProductImportUploadInput = z.strictObject({
  fileName: z.string().trim().min(1, { error: 'A fájl neve kötelező.' }).max(200),
  dataBase64: z.string().min(1, { error: 'A fájl üres.' }).meta({
    description:
      'A CSV (UTF-8 vagy Windows-1250, `;`, `,` vagy tabulátor elválasztóval) vagy XLSX fájl base64-ben, legfeljebb 50 MB.',
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

const EXTRA_LABELS = { weightKg: 'Tömeg kilogrammban', brand: 'Márka (gyártó)' } as const;

export const PRODUCT_IMPORT_OPTIONS: z.infer<typeof ZProductImportOptions> = {
  fields: IMPORT_FIELDS.map((field) => ({
    field,
    label:
      field in FIELD_LABELS
        ? FIELD_LABELS[field as keyof typeof FIELD_LABELS]
        : EXTRA_LABELS[field as keyof typeof EXTRA_LABELS],
  })),
  presets: PRESET_IDS.map((id) => ({ id, label: PRESETS[id].label })),
};

export type TProductImportField = z.infer<typeof ZImportField>;
export type TProductImportPreset = z.infer<typeof ZPreset>;
export type TProductImportOutcome = z.infer<typeof ZOutcome>;

export const ZProductImportPicturesInput = z.strictObject({
  id: ZId,
  dataBase64: z.string().min(1, { error: 'A fájl üres.' }).meta({
    description: 'A képeket tartalmazó ZIP-fájl base64-ben, legfeljebb 50 MB.',
  }),
});

export const ZProductImportPicturesOutput = ZProductImport.extend({
  pictureCount: z.number().int().meta({ description: 'Hány fájl van a ZIP-ben.' }),
});
