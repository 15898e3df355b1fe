import { z } from 'zod';
import { ZForint, ZId } from './common';
import { MAX_LINE_QUANTITY } from './limits';

// A tier's or a group's price was `grossPrice` in 1.0, where the product beside it says `price`. Since
// 1.1.0 inputs take `price` (the preferred name) or `grossPrice`, and answers carry both, equal, with
// `grossPrice` marked deprecated; it goes in 2.0.0. Parsed inputs keep `grossPrice` for the services.

const PRICE_DESCRIPTION = 'Bruttó darabár egész forintban.';
/** The meta of `grossPrice` in answers and inputs beside `price`. */
export const DEPRECATED_GROSS_PRICE = {
  deprecated: true,
  description: 'Elavult: helyette `price` (ugyanaz az érték); a 2.0.0-ban megszűnik.',
};

export const PRICE_REQUIRED = 'Az ár (price) kötelező.';
export const PRICE_NAMES_DIFFER =
  'A price és az elavult grossPrice ugyanannak az árnak a két neve: ha mindkettőt megadod, egyezzenek meg (elég a price).';

type PriceNames = { price?: number | null; grossPrice?: number | null };

/** Refuses two different prices under the two names and, when `required`, no price at all. */
function onePrice(required: boolean) {
  return (value: PriceNames, ctx: z.RefinementCtx) => {
    if (value.price !== undefined && value.grossPrice !== undefined && value.price !== value.grossPrice) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: PRICE_NAMES_DIFFER });
    } else if (required && value.price === undefined && value.grossPrice === undefined) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: PRICE_REQUIRED });
    }
  };
}

/**
 * One quantity tier as written: a product's (POST /api/product/update) or a variant's (PUT
 * /api/product/{product}/variants). Below the first tier the list price holds, so a tier starts at 2.
 */
export const ZPriceTierInput = z
  .strictObject({
    minQuantity: z
      .number({ error: 'A mennyiségi ár darabszáma egész szám.' })
      .int({ error: 'A mennyiségi ár darabszáma egész szám.' })
      .min(2, { error: 'Mennyiségi ár 2 darabtól adható meg.' })
      .max(MAX_LINE_QUANTITY, {
        error: `Mennyiségi ár legfeljebb ${MAX_LINE_QUANTITY} darabig adható meg.`,
      }),
    price: ZForint.optional().meta({ description: `${PRICE_DESCRIPTION} Ez vagy a grossPrice kötelező.` }),
    grossPrice: ZForint.optional().meta(DEPRECATED_GROSS_PRICE),
  })
  .superRefine(onePrice(true))
  .transform(({ price, grossPrice, ...tier }) => ({ ...tier, grossPrice: (price ?? grossPrice) as number }));
export type TPriceTierInput = z.output<typeof ZPriceTierInput>;

/** A quantity tier as answers show it. */
export const ZPriceTier = z.object({
  minQuantity: z.number().int().meta({ description: 'Ettől a darabszámtól érvényes.' }),
  price: z.number().int().meta({ description: PRICE_DESCRIPTION }),
  grossPrice: z.number().int().meta(DEPRECATED_GROSS_PRICE),
});

/** A variant's own fixed group price as written (PUT /api/product/{product}/variants). */
export const ZGroupPriceInput = z
  .strictObject({
    groupId: ZId,
    price: ZForint.optional().meta({
      description: 'A csoport bruttó darabára forintban. Ez vagy a grossPrice kötelező.',
    }),
    grossPrice: ZForint.optional().meta(DEPRECATED_GROSS_PRICE),
  })
  .superRefine(onePrice(true))
  .transform(({ price, grossPrice, ...group }) => ({
    ...group,
    grossPrice: (price ?? grossPrice) as number,
  }));

/**
 * The price fields of a product's group or customer price as written (POST /api/product/update); null or
 * neither name: the list price holds (with the discount of the group).
 */
export const specialPriceInputFields = {
  price: ZForint.nullable()
    .optional()
    .meta({ description: 'Saját bruttó darabár forintban; null vagy elhagyva: a listaár érvényes.' }),
  grossPrice: ZForint.nullable().optional().meta(DEPRECATED_GROSS_PRICE),
  hidden: z.boolean().default(false),
};

/** Refines an object with `specialPriceInputFields` and leaves one `grossPrice` for the services. */
export function resolvedSpecialPrice<Shape extends z.ZodRawShape>(object: z.ZodObject<Shape>) {
  return object
    .superRefine((value, ctx) => onePrice(false)(value as PriceNames, ctx))
    .transform((value) => {
      const { price, grossPrice, ...rest } = value as z.output<z.ZodObject<Shape>> & PriceNames;
      return { ...rest, grossPrice: price !== undefined ? price : (grossPrice ?? null) };
    });
}

/** A special price's fields as answers show them; null: the list price holds. */
export function specialPriceFields(description: string) {
  return {
    price: z.number().int().nullable().meta({ description }),
    grossPrice: z.number().int().nullable().meta(DEPRECATED_GROSS_PRICE),
  };
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
