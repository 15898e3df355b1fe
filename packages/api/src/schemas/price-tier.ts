import { z } from 'zod';
import { ZForint } from './common';
import { MAX_LINE_QUANTITY } from './limits';

/**
 * One quantity tier as written: a product's (POST /api/product/update) or a variant's (PUT
 * /api/product/{product}/variants). Below the first tier the list price holds, so a tier starts at 2.
 */
export const ZPriceTierInput = z.strictObject({
  minQuantity: z
    .number({ error: 'A mennyiségi ár darabszáma egész szám.' })
    .int({ error: 'A mennyiségi ár darabszáma egész szám.' })
    .min(2, { error: 'Mennyiségi ár 2 darabtól adható meg.' })
    .max(MAX_LINE_QUANTITY, {
      error: `Mennyiségi ár legfeljebb ${MAX_LINE_QUANTITY} darabig adható meg.`,
    }),
  grossPrice: ZForint,
});
export type TPriceTierInput = z.infer<typeof ZPriceTierInput>;

/** How many tiers one product or variant may have. */
export const MAX_PRICE_TIERS = 20;

/** One row of the tier table: "1–9 db: 1 290 Ft · 10+ db: 1 090 Ft". */
export const ZPriceBand = z.object({
  minQuantity: z.number().int().meta({ description: 'A sáv legkisebb mennyisége darabban.' }),
  maxQuantity: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'A sáv legnagyobb mennyisége darabban; az utolsó (felfelé nyitott) sávban null.' }),
  unitPrice: z.number().int().meta({ description: 'Bruttó darabár egész forintban ebben a sávban.' }),
});
export type TPriceBand = z.infer<typeof ZPriceBand>;
