import type { PrismaClient } from '@shop/db';
import type { TCartLineInput } from '../../schemas';
import { lineKey } from '../cart/line-variant';

/**
 * A cart line as stored: `variant` null (or absent) for a product sold as itself; a line put there from a
 * quote remembers its quote line.
 */
export type CartLineRef = Omit<TCartLineInput, 'variant'> & {
  variant?: number | null | undefined;
  quoteLineId?: number | null;
};

/** A quote line's price as it applies to one customer's cart line now. */
export type QuotePrice = {
  quoteId: number;
  quoteLineId: number;
  unitPrice: number;
  /** Why the quoted price does not apply (the shop's price does); null when it applies. */
  problem: string | null;
};

export const QUOTE_PRICE_EXPIRED = 'Az árajánlat lejárt, ezért ez a tétel a bolt mostani árán szerepel.';
export const QUOTE_PRICE_USED =
  'Az árajánlatból már rendelés készült (egy ajánlat egyszer használható), ezért ez a tétel a bolt mostani árán szerepel.';
export const QUOTE_PRICE_OTHER_CUSTOMER =
  'Ez az árajánlat nem ennek a fióknak szól, ezért ez a tétel a bolt mostani árán szerepel.';
export const quotePriceQuantityProblem = (quantity: number, unit: string) =>
  `Az ajánlott ár ${quantity} ${unit} mennyiségre szól; más mennyiségnél a bolt mostani ára számít.`;
/** The order was refused because a quote it priced lines at was used or expired meanwhile. */
export const QUOTE_TAKEN_MEANWHILE =
  'Az árajánlat időközben lejárt, vagy egy másik rendelés felhasználta. Nézd át a kosarat (a tételek a bolt mostani árán szerepelnek), és küldd el újra a rendelést.';

/**
 * The prices of the quote lines a customer's cart lines point at, by the cart line's product and variant
 * (`lineKey`): a price found belongs to that very line, never to another line naming the same quote
 * line. A quoted price applies while the quote is unexpired, unused (no order has it) and the cart's
 * owner is its customer, and only to the quoted product and variant at the quoted quantity: another
 * variant of the same product is priced by the shop.
 */
export async function quotePricesFor(
  prisma: PrismaClient,
  userId: number | null,
  lines: readonly CartLineRef[],
  units: (productId: number) => string,
  now = new Date(),
): Promise<Map<string, QuotePrice>> {
  const ids = lines.flatMap((line) => (line.quoteLineId ? [line.quoteLineId] : []));
  const prices = new Map<string, QuotePrice>();
  if (ids.length === 0 || userId === null) return prices;
  const rows = await prisma.quoteLine.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      productId: true,
      variantId: true,
      quantity: true,
      unitPrice: true,
      quote: { select: { id: true, userId: true, validUntil: true, orderId: true } },
    },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const line of lines) {
    const row = line.quoteLineId ? byId.get(line.quoteLineId) : undefined;
    if (!row || row.productId !== line.product || row.variantId !== (line.variant ?? null)) continue;
    const problem =
      row.quote.userId !== userId
        ? QUOTE_PRICE_OTHER_CUSTOMER
        : row.quote.orderId !== null
          ? QUOTE_PRICE_USED
          : row.quote.validUntil <= now
            ? QUOTE_PRICE_EXPIRED
            : row.quantity !== line.quantity
              ? quotePriceQuantityProblem(row.quantity, units(row.productId))
              : null;
    prices.set(lineKey(line), {
      quoteId: row.quote.id,
      quoteLineId: row.id,
      unitPrice: row.unitPrice,
      problem,
    });
  }
  return prices;
}
