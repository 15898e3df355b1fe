import { z } from 'zod';
import { readOnly, readOnlyFieldsOf } from './read-only';

/**
 * Barion's Pixel ID: "BP", ten characters and two digits joined by dashes (BP-0123456789-01). Barion's
 * documentation says "characters" for the middle part; IDs starting "BPT" do not work, and this
 * pattern refuses them too.
 */
export const BARION_PIXEL_ID_PATTERN = /^BP-[0-9A-Za-z]{10}-[0-9]{2}$/;

export const ZBarionPixelSetting = z
  .object({
    barionPixelId: z
      .string()
      .nullable()
      .meta({ description: 'A bolt Barion Pixel-azonosítója; null: a Pixel nincs a lapokon.' }),
    updatedAt: readOnly(
      z.string().nullable().meta({ description: 'Utolsó módosítás ideje (UTC, ISO 8601).' }),
    ),
  })
  .meta({ id: 'BarionPixelSetting', description: 'A Barion Pixel beállítása.' });
export type TBarionPixelSetting = z.infer<typeof ZBarionPixelSetting>;

/** PUT: the Pixel ID, or null / an empty text to take the Pixel off the shop's pages. */
export const ZBarionPixelUpdateInput = z.strictObject({
  barionPixelId: z
    .string({ error: 'A Pixel-azonosító szöveg kell legyen.' })
    .trim()
    .max(20, { error: 'A Pixel-azonosító BP-0123456789-01 alakú.' })
    .refine((value) => value === '' || BARION_PIXEL_ID_PATTERN.test(value), {
      error: 'A Pixel-azonosító BP-0123456789-01 alakú: „BP-”, 10 betű vagy szám, kötőjel, 2 számjegy.',
    })
    .nullable()
    .transform((value) => (value ? value : null))
    .meta({ description: 'BP-0123456789-01 alakú azonosító; null vagy üres szöveg kikapcsolja a Pixelt.' }),
  ...readOnlyFieldsOf(ZBarionPixelSetting, ['updatedAt']),
});
export type TBarionPixelUpdateInput = z.infer<typeof ZBarionPixelUpdateInput>;
