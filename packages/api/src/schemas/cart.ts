import { z } from 'zod';
import { ZId } from './common';

/** How many distinct products one cart may hold. */
export const MAX_CART_LINES = 200;
/** The most of one product a cart line may hold. */
export const MAX_LINE_QUANTITY = 10_000;

const quantityError = { error: `A mennyiség 0 és ${MAX_LINE_QUANTITY} közötti egész szám.` };
export const ZCartQuantity = z
  .number(quantityError)
  .int(quantityError)
  .min(0, quantityError)
  .max(MAX_LINE_QUANTITY, quantityError);

/** A cart line as the spec names it (§3): the product's id and the quantity. */
export const ZCartLineInput = z.strictObject({ product: ZId, quantity: ZCartQuantity });
export type TCartLineInput = z.infer<typeof ZCartLineInput>;

export const ZCartLinesInput = z
  .array(ZCartLineInput, { error: 'A kosár tételek listája.' })
  .max(MAX_CART_LINES, { error: `A kosárban legfeljebb ${MAX_CART_LINES} különböző termék lehet.` });

/**
 * POST /api/cart/add. `{product, quantity}` adds the quantity to the line (a new line when the product
 * is not in the cart yet); quantity 0 removes the line (spec §4). `replace: true` (beyond the spec) sets
 * the line to exactly that quantity, for the cart page's quantity field. An empty body only lists.
 */
export const ZCartAddInput = z
  .strictObject({
    product: ZId.optional(),
    quantity: ZCartQuantity.optional(),
    replace: z.boolean({ error: 'A replace igen/nem érték.' }).optional(),
  })
  .default({});
export type TCartAddInput = z.infer<typeof ZCartAddInput>;

/** POST /api/cart/price (beyond the spec): prices a guest's browser cart the way the server cart is priced. */
export const ZCartPriceInput = z.strictObject({ cart: ZCartLinesInput });
export type TCartPriceInput = z.infer<typeof ZCartPriceInput>;

export const CART_LINE_STATES = ['available', 'insufficient_stock', 'out_of_stock', 'unavailable'] as const;
export const ZCartLineState = z.enum(CART_LINE_STATES);
export type TCartLineState = z.infer<typeof ZCartLineState>;

export const ZCartLine = z
  .object({
    product: z.number().int(),
    quantity: z.number().int(),
    title: z.string(),
    /** The pretty URL slug (`/${slug}` is the product page); null when the product no longer exists. */
    slug: z.string().nullable(),
    image: z.string().nullable(),
    kutiId: z.string().nullable(),
    unit: z.string(),
    /** Gross price of one piece at this quantity for this caller (tier, group and own prices applied). */
    unitPrice: z.number().int(),
    lineTotal: z.number().int(),
    vatRate: z.number().int(),
    /** Pieces in stock. */
    stock: z.number().int(),
    /**
     * `insufficient_stock`: fewer in stock than asked; `out_of_stock`: none left; `unavailable`: the
     * product was disabled or removed. Such lines stay in the cart but cannot be ordered as they are.
     */
    state: ZCartLineState,
    /** The state in a sentence for the shopper, or null when the line is fine. */
    message: z.string().nullable(),
  })
  .meta({ id: 'CartLine', description: 'A kosár egy tétele a termék aktuális adataival és árával.' });
export type TCartLine = z.infer<typeof ZCartLine>;

export const ZCart = z
  .object({
    lines: z.array(ZCartLine),
    /** Pieces in the cart (the header badge). */
    itemCount: z.number().int(),
    /** Gross total of the orderable lines. */
    subtotal: z.number().int(),
    /** VAT contained in the subtotal. */
    vatContent: z.number().int(),
    /** The cheapest enabled shipping method that needs an address, for the estimate; null when none. */
    shipping: z
      .object({
        name: z.string(),
        fee: z.number().int(),
        freeAbove: z.number().int().nullable(),
        /** How much more to buy for free shipping; null when it has no threshold, 0 when reached. */
        remainingForFree: z.number().int().nullable(),
      })
      .nullable(),
    /** True when every line can be ordered as it is. */
    orderable: z.boolean(),
  })
  .meta({
    id: 'Cart',
    description: 'A kosár: tételek, összegek és a figyelmeztetések (elfogyott, megváltozott ár).',
  });
export type TCart = z.infer<typeof ZCart>;
