import { z } from 'zod';
import { pageOf, ZPageNumber } from './common';

/** The largest image an admin may upload (decoded bytes). */
export const MEDIA_MAX_BYTES = 8 * 1024 * 1024;
export const MEDIA_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** The largest PDF (a catalogue) an admin may upload (decoded bytes); the one place this limit lives. */
export const MEDIA_PDF_MAX_BYTES = 30 * 1024 * 1024;
export const MEDIA_PDF_TOO_LARGE = 'A PDF legfeljebb 30 MB lehet.';
/** How long the base64 text of `bytes` bytes is, with room for a `data:` URL prefix. */
export function base64LengthOf(bytes: number): number {
  return Math.ceil(bytes / 3) * 4 + 200;
}
/** The longest `dataBase64` an upload may carry: a PDF of the largest size (images are checked after decoding). */
export const MEDIA_UPLOAD_MAX_BASE64 = base64LengthOf(Math.max(MEDIA_MAX_BYTES, MEDIA_PDF_MAX_BYTES));

/** POST /api/media: one image or PDF as base64 in a JSON body. */
export const ZMediaUploadInput = z.strictObject({
  fileName: z
    .string({ error: 'A fájlnév kötelező.' })
    .trim()
    .min(1, { error: 'A fájlnév kötelező.' })
    .max(255, { error: 'A fájlnév legfeljebb 255 karakter.' }),
  mimeType: z.string({ error: 'A fájl típusa kötelező.' }).trim().min(1).max(100),
  /** The file's bytes, base64 (a `data:` URL prefix is accepted too). */
  dataBase64: z
    .string({ error: 'A fájl tartalma kötelező.' })
    .min(1, { error: 'A fájl tartalma kötelező.' })
    .max(MEDIA_UPLOAD_MAX_BASE64, { error: 'A kép legfeljebb 8 MB, a PDF legfeljebb 30 MB lehet.' }),
  alt: z.string().trim().max(300).nullish(),
});
export type TMediaUploadInput = z.infer<typeof ZMediaUploadInput>;

export const ZMedia = z
  .object({
    id: z.number().int(),
    originalName: z.string(),
    mimeType: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    sizeBytes: z.number().int(),
    alt: z.string().nullable(),
    createdAt: z.string().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' }),
    /** URLs per layout size: thumb 160 px, card 480 px, full 1200 px wide (WebP), and the original. */
    urls: z.object({ thumb: z.string(), card: z.string(), full: z.string(), original: z.string() }),
  })
  .meta({ id: 'Media', description: 'Feltöltött kép a változataival.' });
export type TMedia = z.infer<typeof ZMedia>;

export const ZMediaListInput = z
  .strictObject({
    page: ZPageNumber.default(1),
    pageSize: z.number().int().min(1).max(200).default(48),
  })
  .default({ page: 1, pageSize: 48 });
export const ZMediaListOutput = pageOf(ZMedia);
