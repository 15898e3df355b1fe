import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { type CatalogueIndex, type IndexedProduct, isVisible } from '../catalogue/in-memory-index';
import { GUEST, unitPriceFor } from '../catalogue/pricing';
import type { IndexedVariant } from '../catalogue/variants';
import { withAncestors } from '../category';
import { applyPromotions, type PromotionContext, type PromotionOutcome } from './apply-promotions';
import { automaticRules, customerHistory, findCoupon } from './promotion-store';
import type { DiscountableLine, PromotionRule } from './rules';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

/** A priced line with what promotions target it by. */
export type LineToDiscount = {
  product: IndexedProduct;
  variant: IndexedVariant | null;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  /** Priced from a quote that holds (quote-pricing.ts): promotions leave it as it is. */
  quoted: boolean;
};

export type DiscountRequest = {
  userId: number | null;
  groupId: number | null;
  /** The guest's e-mail once known (the order), for first-order and per-customer conditions. */
  email: string | null;
  couponCode: string | null;
  shippingFee: PromotionContext['shippingFee'];
  /** The catalogue the lines were priced from: a gift promotion's product is found in it. */
  catalogue: CatalogueIndex;
  now?: Date;
};

/**
 * A gift promotion's product as it can be given now: sold as itself (not in variants), to everyone,
 * with a piece in stock beyond the `taken` pieces the cart buys of it; null otherwise, and the
 * promotion gives nothing.
 */
export function giftProduct(catalogue: CatalogueIndex, productId: number, taken = 0): IndexedProduct | null {
  const product = catalogue.byId.get(productId);
  if (!product || !isVisible(product, GUEST, false) || product.variants.length > 0) return null;
  return product.stock > taken ? product : null;
}

/**
 * The discounts of priced lines, as the cart shows them and the order charges them: the automatic
 * rules from memory, the typed code (read fresh, its uses matter), the customer's history when a
 * rule asks for it. A line's values are the product's own and its variant's options, so a rule on
 * "Szín: kék" takes in the blue variant only.
 */
export async function discountLines(
  deps: Deps,
  lines: readonly LineToDiscount[],
  request: DiscountRequest,
): Promise<PromotionOutcome> {
  const [cached, coupon, lineage] = await Promise.all([
    automaticRules(deps),
    request.couponCode ? findCoupon(deps.prisma, request.couponCode) : null,
    withAncestors(deps),
  ]);
  const automatic = await withFreshUses(deps.prisma, cached);
  const rules = coupon ? [...automatic, coupon.promotion] : automatic;
  const history = await customerHistory(deps.prisma, { userId: request.userId, email: request.email }, rules);
  const discountable: DiscountableLine[] = lines.map((line) => ({
    productId: line.product.id,
    categoryIds: lineage(line.product.categoryIds),
    valueIds: lineValueIds(line.product, line.variant),
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    lineTotal: line.lineTotal,
    quoted: line.quoted,
  }));
  return applyPromotions(
    discountable,
    automatic,
    request.couponCode ? { code: request.couponCode, found: coupon } : null,
    {
      now: request.now ?? new Date(),
      signedIn: request.userId !== null,
      groupId: request.groupId,
      firstOrder: history.firstOrder,
      customerUses: history.customerUses,
      shippingFee: request.shippingFee,
      gift: (productId) => {
        const taken = lines.reduce(
          (sum, line) => sum + (line.product.id === productId && !line.variant ? line.quantity : 0),
          0,
        );
        const product = giftProduct(request.catalogue, productId, taken);
        return product ? { price: unitPriceFor(product, GUEST), title: product.title } : null;
      },
    },
  );
}

/**
 * Orders move a limited rule's `uses` without touching the rules' cache version (that would drop every
 * server's rules on every order), so the uses of the rules with a total limit are read fresh: a rule
 * that ran out stops applying at once instead of refusing every order that counts on it.
 */
async function withFreshUses(
  prisma: PrismaClient,
  rules: readonly PromotionRule[],
): Promise<PromotionRule[]> {
  const limited = rules.filter((rule) => rule.usageLimit !== null).map((rule) => rule.id);
  if (limited.length === 0) return [...rules];
  const rows = await prisma.promotion.findMany({
    where: { id: { in: limited } },
    select: { id: true, uses: true },
  });
  const uses = new Map(rows.map((row) => [row.id, row.uses]));
  return rules.map((rule) => (uses.has(rule.id) ? { ...rule, uses: uses.get(rule.id)! } : rule));
}

function lineValueIds(product: IndexedProduct, variant: IndexedVariant | null): number[] {
  const optionValues = new Set(product.options.flatMap((option) => option.valueIds));
  const own = product.valueIds.filter((id) => !optionValues.has(id));
  return variant ? [...own, ...variant.valueIds] : own;
}
