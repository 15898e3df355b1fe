import { z } from 'zod';
import { ZForint, zWholeNumber } from './common';
import { withArticle } from './hungarian';

/** How many products one POST /api/product/stock may update. */
export const MAX_STOCK_ITEMS = 1000;
/** The largest signed stock move one item may make. */
export const MAX_STOCK_ADJUST = 1_000_000;

const ZKutiIdRef = z
  .string({ error: 'A termékkód (kutiId) kötelező.' })
  .trim()
  .min(1, { error: 'A termékkód (kutiId) kötelező.' })
  .max(100, { error: 'A termékkód legfeljebb 100 karakter.' });

export const ZProductStockItem = z
  .strictObject({
    /** The external code of a product or of a variant (unique across both, whatever its case). */
    kutiId: ZKutiIdRef.meta({
      description:
        'Egy termék vagy egy változat kódja (a kódok a termékek és változatok között egyediek, kis- és nagybetűtől függetlenül; a kis- és nagybetű itt nem számít). Változatokban árusított termék készlete a változatok kódjával adható meg.',
    }),
    /** The new stock in pieces. */
    stock: zWholeNumber('A készlet').optional(),
    adjust: z
      .number({ error: 'A készletváltozás (adjust) egész szám.' })
      .int({ error: 'A készletváltozás (adjust) egész szám.' })
      .min(-MAX_STOCK_ADJUST, { error: `A készletváltozás legfeljebb ±${MAX_STOCK_ADJUST} darab.` })
      .max(MAX_STOCK_ADJUST, { error: `A készletváltozás legfeljebb ±${MAX_STOCK_ADJUST} darab.` })
      .optional()
      .meta({
        description:
          'Előjeles készletváltozás darabban (+12 beérkezett szállítmány, −1 sérült darab): a mostani készlethez adódik, ahogy a rendelések is vonják, így egy közben leadott rendelést nem ír felül. A készlet nem mehet 0 alá (409). A stock mezővel együtt nem adható.',
      }),
    expectedStock: z
      .number({ error: 'A várt készlet (expectedStock) egész szám.' })
      .int({ error: 'A várt készlet (expectedStock) egész szám.' })
      .min(-MAX_STOCK_ADJUST)
      .max(1_000_000_000)
      .optional()
      .meta({
        description:
          'A készlet, amelyet a hívó utoljára látott: a tétel csak akkor íródik, ha a készlet most is ennyi; ha közben változott (például rendelés miatt), az egész kérés 412-vel elutasul, és semmi nem íródik. A stock vagy adjust mezővel együtt.',
      }),
    /** The new gross list price in forints; recorded in the price history like an admin's edit. */
    price: ZForint.optional(),
  })
  .refine((item) => item.stock !== undefined || item.adjust !== undefined || item.price !== undefined, {
    error: 'Adj meg készletet (stock), készletváltozást (adjust) vagy árat (price).',
  })
  .refine((item) => item.stock === undefined || item.adjust === undefined, {
    error: 'A készlet (stock) és a készletváltozás (adjust) közül csak az egyik adható meg.',
    path: ['adjust'],
  })
  .refine(
    (item) => item.expectedStock === undefined || item.stock !== undefined || item.adjust !== undefined,
    {
      error:
        'A várt készlet (expectedStock) csak készlettel (stock) vagy készletváltozással (adjust) együtt adható meg.',
      path: ['expectedStock'],
    },
  );

/** POST /api/product/stock: price and stock of many products and variants by their code, in one transaction. */
export const ZProductStockInput = z
  .strictObject({
    items: z
      .array(ZProductStockItem, { error: 'A tételek listája (items) kötelező.' })
      .min(1, { error: 'Adj meg legalább egy tételt.' })
      .max(MAX_STOCK_ITEMS, { error: `Egyszerre legfeljebb ${MAX_STOCK_ITEMS} termék frissíthető.` }),
  })
  .superRefine(({ items }, context) => {
    // A code is one code whatever its case, so "abc-1" after "ABC-1" would write the same item twice.
    const firstSpelling = new Map<string, string>();
    items.forEach((item, index) => {
      const code = item.kutiId.toLowerCase();
      const first = firstSpelling.get(code);
      if (first === undefined) {
        firstSpelling.set(code, item.kutiId);
        return;
      }
      const repeated = `${withArticle(`„${item.kutiId}”`, { capital: true })} termékkód többször szerepel a kérésben`;
      context.addIssue({
        code: 'custom',
        path: ['items', index, 'kutiId'],
        message:
          first === item.kutiId
            ? `${repeated}.`
            : `${repeated}: ugyanaz, mint „${first}” (a kis- és nagybetű nem számít).`,
      });
    });
  });
export type TProductStockInput = z.infer<typeof ZProductStockInput>;

export const ZProductStockResult = z.object({
  kutiId: z.string(),
  /** `updated`: the product has the values sent; `not_found`: no product has this code (nothing written). */
  status: z.enum(['updated', 'not_found']),
  productId: z.number().int().nullable(),
  variantId: z.number().int().nullable().meta({
    description: 'A változat azonosítója, ha a kód egy változaté; null, ha a terméké (vagy nem található).',
  }),
  /** The product's (or variant's) stock and price after the call; null when not found. */
  stock: z.number().int().nullable(),
  price: z.number().int().nullable(),
});
export type TProductStockResult = z.infer<typeof ZProductStockResult>;

export const ZProductStockOutput = z.object({
  /** One result per item, in the order sent. */
  results: z.array(ZProductStockResult),
});
export type TProductStockOutput = z.infer<typeof ZProductStockOutput>;
