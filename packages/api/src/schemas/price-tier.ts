import { z } from 'zod';
import { ZForint, ZId } from './common';
import { MAX_LINE_QUANTITY } from './limits';

// A tier's, a group's and a customer's price is `price`, as the product's own. 1.x also took and answered
// it as `grossPrice`; 2.0.0 dropped that name, so a `grossPrice` sent now is refused as an unknown field.

const PRICE_DESCRIPTION = 'Bruttó darabár egész forintban.';

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
  price: ZForint.meta({ description: PRICE_DESCRIPTION }),
});
export type TPriceTierInput = z.output<typeof ZPriceTierInput>;

/** A quantity tier as answers show it. */
export const ZPriceTier = z.object({
  minQuantity: z.number().int().meta({ description: 'Ettől a darabszámtól érvényes.' }),
  price: z.number().int().meta({ description: PRICE_DESCRIPTION }),
});

/** A variant's own fixed group price as written (PUT /api/product/{product}/variants). */
export const ZGroupPriceInput = z.strictObject({
  groupId: ZId,
  price: ZForint.meta({ description: 'A csoport bruttó darabára forintban.' }),
});

/**
 * The price fields of a product's group or customer price as written (POST /api/product/update); null or
 * left out: the list price holds (with the discount of the group).
 */
export const specialPriceInputFields = {
  price: ZForint.nullable()
    .default(null)
    .meta({ description: 'Saját bruttó darabár forintban; null vagy elhagyva: a listaár érvényes.' }),
  hidden: z.boolean().default(false),
};

/** A special price's fields as answers show them; null: the list price holds. */
export function specialPriceFields(description: string) {
  return { price: z.number().int().nullable().meta({ description }) };
}

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
