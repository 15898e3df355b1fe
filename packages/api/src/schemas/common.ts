import { z } from 'zod';

// Zod's own messages (e.g. a wrong type) in Hungarian too, on the server and in forms alike.
z.config(z.locales.hu());

/** Default language of every title (spec §1). */
export const DEFAULT_LANGUAGE = 'hu';

export const ZId = z.coerce
  .number({ error: 'Az azonosítónak számnak kell lennie.' })
  .int({ error: 'Az azonosítónak egész számnak kell lennie.' })
  .positive({ error: 'Az azonosítónak pozitívnak kell lennie.' });

/** Whole forints, never negative. */
export const ZForint = z
  .number({ error: 'Az árnak számnak kell lennie.' })
  .int({ error: 'Az ár egész forintösszeg.' })
  .min(0, { error: 'Az ár nem lehet negatív.' })
  .max(100_000_000, { error: 'Az ár legfeljebb 100 000 000 Ft lehet.' });

export const ZQuantity = z
  .number({ error: 'A mennyiségnek számnak kell lennie.' })
  .int({ error: 'A mennyiség egész szám.' })
  .min(1, { error: 'A mennyiség legalább 1.' })
  .max(100_000, { error: 'A mennyiség legfeljebb 100 000.' });

export const ZIdInput = z.strictObject({ id: ZId });
export type TIdInput = z.infer<typeof ZIdInput>;

export const ZSlug = z
  .string({ error: 'Az URL-név kötelező.' })
  .trim()
  .min(1, { error: 'Az URL-név kötelező.' })
  .max(200, { error: 'Az URL-név legfeljebb 200 karakter lehet.' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: 'Az URL-név csak ékezet nélküli kisbetűt, számot és kötőjelet tartalmazhat.',
  });

/** One page of a list: its items, how many there are in all, and which page of what size it is. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const ZOkOutput = z.object({ ok: z.literal(true) });
export type TOkOutput = z.infer<typeof ZOkOutput>;
