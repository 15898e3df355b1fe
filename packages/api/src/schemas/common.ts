import { z } from 'zod';

// Zod's own messages (e.g. a wrong type) in Hungarian too, on the server and in forms alike.
z.config(z.locales.hu());

/** Default language of every title: the shop's own language is Hungarian. */
export const DEFAULT_LANGUAGE = 'hu';

/**
 * The largest value of a Postgres `integer` (int4) column. Ids, counters and positions are stored as such,
 * so a larger one is refused as bad input instead of failing in the database.
 */
export const MAX_INT4 = 2_147_483_647;

export const ZId = z.coerce
  .number({ error: 'Az azonosítónak számnak kell lennie.' })
  .int({ error: 'Az azonosítónak egész számnak kell lennie.' })
  .positive({ error: 'Az azonosítónak pozitívnak kell lennie.' })
  .max(MAX_INT4, { error: `Az azonosító legfeljebb ${MAX_INT4} lehet.` });

/** A whole number from `min` to `max` (at most MAX_INT4), e.g. a position or a threshold; `label` names it. */
export function zWholeNumber(
  label: string,
  { min = 0, max = MAX_INT4 }: { min?: number; max?: number } = {},
) {
  const error = { error: `${label} ${min} és ${max} közötti egész szám.` };
  return z.number(error).int(error).min(min, error).max(max, error);
}

/** The highest page number a list accepts: even at the largest page size the offset stays an int4. */
export const MAX_PAGE = 10_000;
/** A list's page number, from 1. */
export const ZPageNumber = zWholeNumber('Az oldalszám', { min: 1, max: MAX_PAGE });

/** Where an item stands in an admin-ordered list (categories, pages, shipping methods, …). */
export const ZPosition = zWholeNumber('A sorrend', { max: 100_000 }).meta({
  description: 'Sorrend a listában: a kisebb szám áll előrébb (0–100 000).',
});

/** Whole forints, never negative. */
export const ZForint = z
  .number({ error: 'Az árnak számnak kell lennie.' })
  .int({ error: 'Az ár egész forintösszeg.' })
  .min(0, { error: 'Az ár nem lehet negatív.' })
  .max(100_000_000, { error: 'Az ár legfeljebb 100 000 000 Ft lehet.' })
  .meta({ description: 'Bruttó összeg egész forintban (0–100 000 000).' });

/** A scheduled sale price of a product or variant; null clears the sale. */
export const ZSalePrice = z
  .number({ error: 'Az akciós árnak számnak kell lennie.' })
  .int({ error: 'Az akciós ár egész forintösszeg.' })
  .positive({ error: 'Az akciós ár legyen nagyobb 0 Ft-nál.' })
  .max(100_000_000, { error: 'Az akciós ár legfeljebb 100 000 000 Ft lehet.' })
  .nullish();

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
  })
  .meta({
    example: 'fules-bogre',
    description: 'URL-név: ékezet nélküli kisbetűk, számok és kötőjelek, legfeljebb 200 karakter.',
  });

function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.number().int().meta({ description: 'Az összes találat száma (minden oldalon).' }),
    page: z.number().int().meta({ description: 'Ez hányadik oldal, 1-től számolva.' }),
    pageSize: z.number().int().meta({ description: 'Legfeljebb ennyi elem egy oldalon.' }),
  });
}
const pages = new WeakMap<z.ZodType, ReturnType<typeof pageSchema>>();

/**
 * One page of a list: its items, how many there are in all, and which page of what size it is. A page
 * of a named item is named too (`ProductCard` → `ProductCardList`), once, so generated clients share it.
 */
export function pageOf<Item extends z.ZodType>(item: Item): ReturnType<typeof pageSchema<Item>> {
  const known = pages.get(item);
  if (known) return known as ReturnType<typeof pageSchema<Item>>;
  const id = z.globalRegistry.get(item)?.id;
  const page = id
    ? pageSchema(item).meta({ id: `${id}List`, description: `${id} elemek egy oldala a találatok számával.` })
    : pageSchema(item);
  pages.set(item, page);
  return page;
}

/**
 * A whole list in the envelope every list answer shares: its items under `items`. A paged list adds its
 * paging to the same envelope (`pageOf`), a change feed its cursor, so a client reads `items` everywhere.
 */
export function listOf<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item) });
}

export const ZOkOutput = z.object({ ok: z.literal(true) });
export type TOkOutput = z.infer<typeof ZOkOutput>;
