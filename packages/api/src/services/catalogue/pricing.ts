import type { PrismaClient } from '@shop/db';
import type { TPriceBand } from '../../schemas';
import type { AuthSession } from '../session';

/**
 * The one pricing rule of the shop; product pages, lists, getPrice and (later) the cart
 * all price through `unitPriceFor`.
 *
 * 1. The contract price of one piece is the first that exists of:
 *    the customer's own price › the customer group's price › the list price less the
 *    group's discount percent.
 * 2. The quantity price is the price of the tier with the largest minimum quantity not
 *    above the ordered quantity (the list price below the first tier).
 * 3. The unit price is the lower of the two: a customer never pays more than a guest
 *    buying the same quantity, and discounts do not stack.
 * 4. A scheduled sale price running now (`salePriceAt`) takes part as one more candidate: the shopper pays
 *    the lowest of the contract, quantity and sale prices. Discounts still do not stack: a group's percent
 *    is taken off the list price, never off the sale price.
 * 5. total = unit price × quantity.
 *
 * Rounding: a percent discount is computed in integers and rounded half up to the whole
 * forint (1 290 Ft − 5 % = 1 225.5 → 1 226 Ft). Nothing else needs rounding.
 *
 * Visibility: a product hidden for the customer's group is hidden for the customer,
 * unless the customer's own price row says otherwise (the more specific row wins).
 */

export type SpecialPrice = { grossPrice: number | null; hidden: boolean };
export type PriceTier = { minQuantity: number; grossPrice: number };

/**
 * A scheduled sale: `price` is paid while now ∈ [startsAt, endsAt), in ms since the epoch (UTC); a null
 * edge is open. It is evaluated when a price is asked for, never copied into the list price, so a sale
 * starts and ends on time without anything being written.
 */
export type SaleWindow = { price: number; startsAt: number | null; endsAt: number | null };

export type ProductPriceData = {
  id: number;
  /** The list price (without any sale). */
  grossPrice: number;
  /** Its scheduled sale, running or not; none without one. */
  sale?: SaleWindow | null;
  /** Sorted by minQuantity ascending. */
  tiers: readonly PriceTier[];
  /** Group prices of this product by group id. */
  groupPrices?: ReadonlyMap<number, SpecialPrice>;
};

/** Who is buying: a guest, or a customer with a group and perhaps own prices. */
export type Shopper = {
  userId: number | null;
  groupId: number | null;
  discountPercent: number;
  /** The customer's own prices by product id. */
  customerPrices: ReadonlyMap<number, SpecialPrice>;
};

export const GUEST: Shopper = { userId: null, groupId: null, discountPercent: 0, customerPrices: new Map() };

/** List price less a percent, rounded half up to the whole forint. */
export function applyDiscount(listPrice: number, percent: number): number {
  if (percent <= 0) return listPrice;
  if (percent >= 100) return 0;
  return Math.floor((listPrice * (100 - percent) + 50) / 100);
}

function groupPriceOf(product: ProductPriceData, shopper: Shopper): SpecialPrice | undefined {
  return shopper.groupId === null ? undefined : product.groupPrices?.get(shopper.groupId);
}

export function isHiddenFor(product: ProductPriceData, shopper: Shopper): boolean {
  const own = shopper.customerPrices.get(product.id);
  if (own) return own.hidden;
  return groupPriceOf(product, shopper)?.hidden ?? false;
}

/** Step 1: the customer's, the group's, or the discounted list price of one piece. */
export function contractPrice(product: ProductPriceData, shopper: Shopper): number {
  const own = shopper.customerPrices.get(product.id)?.grossPrice;
  if (own != null) return own;
  const group = groupPriceOf(product, shopper)?.grossPrice;
  if (group != null) return group;
  return applyDiscount(product.grossPrice, shopper.discountPercent);
}

/** Step 2: the quantity price. */
export function tierPrice(product: ProductPriceData, quantity: number): number {
  let price = product.grossPrice;
  for (const tier of product.tiers) {
    if (tier.minQuantity <= quantity) price = tier.grossPrice;
    else break;
  }
  return price;
}

/** The sale window of a stored row (Product or ProductVariant); null when it has no sale price. */
export function saleWindowOf(row: {
  salePrice: number | null;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
}): SaleWindow | null {
  if (row.salePrice === null) return null;
  return {
    price: Number(row.salePrice),
    startsAt: row.saleStartsAt === null ? null : new Date(row.saleStartsAt).getTime(),
    endsAt: row.saleEndsAt === null ? null : new Date(row.saleEndsAt).getTime(),
  };
}

export function saleRunning(sale: SaleWindow | null | undefined, now: number): sale is SaleWindow {
  return (
    sale != null &&
    (sale.startsAt === null || sale.startsAt <= now) &&
    (sale.endsAt === null || now < sale.endsAt)
  );
}

/** Step 4: the sale price in force at `now`, or null. */
export function salePriceAt(product: ProductPriceData, now: number): number | null {
  return saleRunning(product.sale, now) ? product.sale.price : null;
}

/** The next moment after `now` at which the sale starts or ends (null: never again). */
export function nextSaleBoundary(sale: SaleWindow | null | undefined, now: number): number | null {
  if (sale == null) return null;
  const later = [sale.startsAt, sale.endsAt].filter((at): at is number => at !== null && at > now);
  return later.length === 0 ? null : Math.min(...later);
}

export function unitPriceFor(
  product: ProductPriceData,
  shopper: Shopper,
  quantity = 1,
  now = Date.now(),
): number {
  const price = Math.min(contractPrice(product, shopper), tierPrice(product, quantity));
  const sale = salePriceAt(product, now);
  return sale === null ? price : Math.min(price, sale);
}

/** The tier table as the caller pays it: consecutive quantities with the same price merge. */
export function priceBands(product: ProductPriceData, shopper: Shopper): TPriceBand[] {
  const starts = [1, ...product.tiers.map((tier) => tier.minQuantity).filter((quantity) => quantity > 1)];
  const bands: TPriceBand[] = [];
  for (const start of [...new Set(starts)].sort((a, b) => a - b)) {
    const unitPrice = unitPriceFor(product, shopper, start);
    const last = bands.at(-1);
    if (last && last.unitPrice === unitPrice) continue;
    if (last) last.maxQuantity = start - 1;
    bands.push({ minQuantity: start, maxQuantity: null, unitPrice });
  }
  return bands;
}

/** Loads who is buying in one statement (it runs on every signed-in cart and price request); a guest costs none. */
export async function loadShopper(prisma: PrismaClient, session: AuthSession | null): Promise<Shopper> {
  if (!session) return GUEST;
  const rows = await prisma.$queryRaw<
    { groupId: number | null; discountPercent: number | null; prices: [number, number | null, boolean][] }[]
  >`
    SELECT u."groupId", g."discountPercent",
      COALESCE((SELECT json_agg(json_build_array(p."productId", p."grossPrice", p.hidden))
                FROM "ProductCustomerPrice" p WHERE p."userId" = u.id), '[]'::json) AS prices
    FROM "User" u LEFT JOIN "CustomerGroup" g ON g.id = u."groupId"
    WHERE u.id = ${session.user.id}`;
  const user = rows[0];
  if (!user) return GUEST;
  return {
    userId: session.user.id,
    groupId: user.groupId,
    discountPercent: user.discountPercent ?? 0,
    customerPrices: new Map(
      user.prices.map(([productId, grossPrice, hidden]) => [productId, { grossPrice, hidden }]),
    ),
  };
}

/** Shoppers who see the same prices share cached answers. */
export function shopperSegment(shopper: Shopper): string | null {
  if (shopper.customerPrices.size > 0) return null;
  return `${shopper.groupId ?? 0}:${shopper.discountPercent}`;
}
