import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import type { TCart, TCartLine } from '../../schemas';
import { lineVat, mediaUrl, productPrettySlug, vatContentOf } from '../../schemas';
import { unitPriceOf } from '../../schemas/unit-price';
import { getCatalogueIndex, type IndexedProduct, isVisible } from '../catalogue/in-memory-index';
import type { Shopper } from '../catalogue/pricing';
import { soldTitle, variantUnitPrice } from '../catalogue/variants';
import { type CheckoutMethods, getCheckoutMethods } from '../checkout/methods';
import { shippingEstimate } from '../checkout/shipping-estimate';
import type { PromotionOutcome } from '../promotions/apply-promotions';
import { discountLines, type LineToDiscount } from '../promotions/cart-discounts';
import { type CartLineRef, quotePricesFor } from '../quotes/quote-pricing';
import { lineChoice, lineKey, lineProblemMessage } from './line-variant';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

/**
 * Lines of the same product and variant are one line: quantities add up, as the specification's cart
 * does, first position kept.
 */
export function mergeLines<Line extends CartLineRef>(lines: readonly Line[]): Line[] {
  const merged = new Map<string, Line>();
  for (const line of lines) {
    const key = lineKey(line);
    const first = merged.get(key);
    merged.set(key, first ? { ...first, quantity: first.quantity + line.quantity } : line);
  }
  return [...merged.values()].filter((line) => line.quantity > 0);
}

/**
 * Prices cart lines the way an order will be priced: `unitPriceFor` at the line's quantity for this
 * shopper, or the quoted price of a line put there from a quote while that quote holds for this
 * customer (quote-pricing.ts). A line whose product was disabled, hidden or deleted, or ran short, stays
 * and says so. The orderable lines then get the promotions' discounts, with `couponCode` if given
 * (services/promotions).
 */
export async function priceCart(
  deps: Deps,
  shopper: Shopper,
  lines: readonly CartLineRef[],
  couponCode: string | null = null,
): Promise<TCart> {
  const index = await getCatalogueIndex(deps);
  const merged = mergeLines(lines);
  const quoted = await quotePricesFor(
    deps.prisma,
    shopper.userId,
    merged,
    (id) => index.byId.get(id)?.unit ?? 'db',
  );
  const priced: TCartLine[] = [];
  // The available lines (by their place in `priced`) with what promotions target them by.
  const toDiscount: (LineToDiscount & { at: number })[] = [];
  for (const line of merged) {
    const { product: id, quantity } = line;
    const variantId = line.variant ?? null;
    const product = index.byId.get(id);
    const visible = product !== undefined && isVisible(product, shopper, false);
    const choice = visible ? lineChoice(index, product, variantId) : null;
    if (!product || !choice?.ok) {
      const problem = choice && !choice.ok ? choice.problem : null;
      priced.push({
        product: id,
        variant: variantId,
        quantity,
        title: product?.title ?? 'Megszűnt termék',
        // A product to choose a variant of is still there to be chosen on its page.
        slug: product && problem === 'choose' ? productPrettySlug(product.slug, product.id) : null,
        image: null,
        kutiId: product?.kutiId ?? null,
        unit: product?.unit ?? 'db',
        unitPrice: 0,
        lineTotal: 0,
        discount: 0,
        measureUnitPrice: null,
        ...lineVat(product?.vatClass ?? '27', index.vatExempt),
        stock: 0,
        state: 'unavailable',
        message: problem
          ? lineProblemMessage(problem)
          : 'Ez a termék már nem kapható, kérjük, töröld a kosárból.',
        quoteLineId: null,
        gift: false,
      });
      continue;
    }
    const { variant } = choice;
    // A quoted price holds for the quoted product and variant only (quote-pricing.ts).
    const quote = quoted.get(lineKey(line));
    const quoteApplies = quote !== undefined && quote.problem === null;
    const unitPrice = quoteApplies ? quote.unitPrice : variantUnitPrice(product, variant, shopper, quantity);
    const stock = variant ? variant.stock : product.stock;
    const imageId = variant?.imageId ?? product.imageId;
    const state = stock <= 0 ? 'out_of_stock' : stock < quantity ? 'insufficient_stock' : 'available';
    const lineTotal = unitPrice * quantity;
    if (state === 'available') {
      toDiscount.push({
        at: priced.length,
        product,
        variant,
        unitPrice,
        quantity,
        lineTotal,
        quoted: quoteApplies,
      });
    }
    priced.push({
      product: id,
      variant: variantId,
      quantity,
      title: soldTitle(product.title, variant),
      slug: productPrettySlug(product.slug, product.id),
      image: imageId === null ? null : mediaUrl(imageId, 'thumb'),
      kutiId: variant?.kutiId ?? product.kutiId,
      unit: product.unit,
      unitPrice,
      lineTotal,
      discount: 0,
      measureUnitPrice: unitPriceOf(unitPrice, product.netQuantity, product.netQuantityUnit),
      ...lineVat(product.vatClass, index.vatExempt),
      stock: Math.max(stock, 0),
      state,
      message:
        state === 'out_of_stock'
          ? variant
            ? 'Ez a változat elfogyott.'
            : 'Ez a termék elfogyott.'
          : state === 'insufficient_stock'
            ? `${variant ? 'Ebből a változatból' : 'Ebből a termékből'} csak ${stock} ${product.unit} van készleten.`
            : (quote?.problem ?? null),
      quoteLineId: quoteApplies ? quote.quoteLineId : null,
      gift: false,
    });
  }
  const orderable = priced.length > 0 && toDiscount.length === priced.length;
  const subtotal = toDiscount.reduce((sum, line) => sum + line.lineTotal, 0);
  const methods = await getCheckoutMethods(deps);
  const promotions = await discountLines(deps, toDiscount, {
    userId: shopper.userId,
    groupId: shopper.groupId,
    email: null,
    couponCode,
    shippingFee: (items) => shippingEstimate(methods.shipping, items)?.fee ?? null,
    catalogue: index,
  });
  toDiscount.forEach((line, index) => {
    priced[line.at]!.discount = promotions.lineDiscounts[index] ?? 0;
  });
  // A gift is a line of its own, at its price and with all of it as its discount: it costs nothing.
  const gifts = promotions.gifts.flatMap(({ productId, price }) => {
    const product = index.byId.get(productId);
    return product ? [giftLine(product, price, index.vatExempt)] : [];
  });
  priced.push(...gifts);
  const itemsTotal =
    subtotal + gifts.reduce((sum, line) => sum + line.lineTotal, 0) - promotions.itemsDiscount;
  return {
    lines: priced,
    // The pieces the shopper chose: a gift comes with them (the header's count leaves it out too).
    itemCount: priced.reduce((sum, line) => sum + (line.gift ? 0 : line.quantity), 0),
    subtotal: subtotal + gifts.reduce((sum, line) => sum + line.lineTotal, 0),
    itemsTotal,
    ...cartDiscounts(promotions),
    vatContent: toDiscount.reduce(
      (sum, line) => sum + vatContentOf(line.lineTotal - priced[line.at]!.discount, priced[line.at]!.vatRate),
      0,
    ),
    shipping: cartShipping(methods, itemsTotal, promotions.shippingWaived),
    orderable,
  };
}

/** A gift promotion's free piece as a cart line: shown with its price, all of it taken off. */
function giftLine(product: IndexedProduct, price: number, vatExempt: boolean): TCartLine {
  return {
    product: product.id,
    variant: null,
    quantity: 1,
    title: product.title,
    slug: productPrettySlug(product.slug, product.id),
    image: product.imageId === null ? null : mediaUrl(product.imageId, 'thumb'),
    kutiId: product.kutiId,
    unit: product.unit,
    unitPrice: price,
    lineTotal: price,
    discount: price,
    measureUnitPrice: unitPriceOf(price, product.netQuantity, product.netQuantityUnit),
    ...lineVat(product.vatClass, vatExempt),
    stock: Math.max(product.stock, 0),
    state: 'available',
    message: null,
    quoteLineId: null,
    gift: true,
  };
}

/** The cart's share of a promotion outcome: its discount lines, their sum, the code's fate, the hints. */
function cartDiscounts(
  promotions: PromotionOutcome,
): Pick<TCart, 'discounts' | 'discountTotal' | 'freeShipping' | 'coupon' | 'hints'> {
  const discounts = promotions.discounts.map(({ promotionId, code, label, amount, shipping }) => ({
    promotionId,
    code,
    label,
    amount,
    shipping,
  }));
  return {
    discounts,
    discountTotal: discounts.reduce((sum, discount) => sum + discount.amount, 0),
    freeShipping: promotions.shippingWaived,
    coupon: promotions.coupon,
    hints: promotions.hints,
  };
}

/** The cart's shipping estimate at its subtotal, by the rule the product page and the checkout share. */
function cartShipping(methods: CheckoutMethods, itemsTotal: number, waived: boolean): TCart['shipping'] {
  const estimate = shippingEstimate(methods.shipping, itemsTotal);
  if (!estimate) return null;
  const { method, fee, freeAbove } = estimate;
  return {
    methodId: method.id,
    name: method.name,
    pickupCarrier: method.pickupCarrier,
    fee: waived ? 0 : fee,
    freeAbove,
    remainingForFree: waived ? 0 : freeAbove === null ? null : Math.max(0, freeAbove - itemsTotal),
  };
}
