import { createHash } from 'node:crypto';
import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import {
  lineVat,
  roundCash,
  shippingFeeFor,
  type TOrder,
  type TOrderStatus,
  type TPlaceOrderInput,
  type TPlaceOrderOutput,
} from '../../schemas';
import { withArticle } from '../../schemas/hungarian';
import { marketingConsentForOrder } from '../analytics/meta-capi';
import { lineChoice, lineKey, lineProblemError, VARIANT_NOT_FOUND } from '../cart/line-variant';
import { mergeLines } from '../cart/price-cart';
import { readCartLines } from '../cart/server-cart';
import { getCatalogueIndex, isVisible } from '../catalogue/in-memory-index';
import { loadShopper } from '../catalogue/pricing';
import { applyStockLevels, type StockLevel } from '../catalogue/stock-sync';
import { type IndexedVariant, soldTitle, variantUnitPrice } from '../catalogue/variants';
import { getCheckoutMethods } from '../checkout/methods';
import { composeEmail } from '../email/outbox';
import { cachedEmailTemplate } from '../email/template-cache';
import type { BarionConfig } from '../payments/barion-client';
import { requireBarionSetUp } from '../payments/barion-config';
import { startOrderPayment } from '../payments/barion-payment';
import { pickupPointForOrder } from '../pickup-points/order-point';
import {
  type AppliedDiscount,
  COUPON_USED_BY_YOU,
  COUPON_USED_UP,
  type CouponState,
} from '../promotions/apply-promotions';
import { discountLines } from '../promotions/cart-discounts';
import { customerKey } from '../promotions/promotion-store';
import { type CartLineRef, QUOTE_TAKEN_MEANWHILE, quotePricesFor } from '../quotes/quote-pricing';
import { guardGuestOrder, type RequestLimits } from '../request-limits';
import type { AuthSession } from '../session';
import { newAccessKey, orderLink } from './order-access';
import { orderSelect, toOrderDto, vatBreakdown } from './order-dto';
import { orderConfirmationEmail, shopBankDetails } from './order-email';
import { nextOrderIdentity } from './order-number';
import { findOrderByIdempotencyKey } from './order-read';
import { termsVersion } from './terms-version';
import {
  availableStock,
  type CompanyBillingAddress,
  isUniqueViolation,
  type OrderColumns,
  PromotionTaken,
  type PromotionWrite,
  QuoteTaken,
  StockShortage,
  writeOrder,
} from './write-order';

export type OrderDeps = {
  prisma: PrismaClient;
  cache: VersionedCache;
  session: AuthSession | null;
  publicUrl: string;
  idempotencyKey: string | null;
  barion: BarionConfig;
  /** The client's address: guest orders are limited per network (request-limits.ts). */
  ip: string | null;
  requestLimits: RequestLimits;
};

export const EMPTY_CART = 'A kosár üres.';
const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
const CONFIRMATION_TEMPLATE = 'order_confirmation';
const RECEIVED_NOTE = 'A rendelés beérkezett.';

function invalid(path: string, message: string): DomainError {
  return new DomainError('invalid_input', `Hibás adat: ${path} – ${message}`, [{ path, message }]);
}

/**
 * POST /api/cart/order. Prices come from the catalogue in memory, then the order is written by one
 * statement (write-order.ts): stock taken (never below zero, so never oversold), the order with its
 * lines, the first history entry, the confirmation e-mail in the outbox and the emptied server cart.
 * A failure anywhere, or a killed process, leaves nothing. The card payment is started afterwards: a
 * payment provider must never hold a row lock.
 */
export async function placeOrder(deps: OrderDeps, input: TPlaceOrderInput): Promise<TPlaceOrderOutput> {
  const userId = deps.session?.user.id ?? null;
  const key = deps.idempotencyKey;
  if (key !== null && key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw invalid('Idempotency-Key', `legfeljebb ${MAX_IDEMPOTENCY_KEY_LENGTH} karakter lehet.`);
  }
  const placer: Placer = { userId, fingerprint: userId === null ? requestFingerprint(input) : null };
  if (key !== null) {
    const replay = await replayed(deps, key, placer);
    if (replay) return replay;
  }

  const methods = await getCheckoutMethods(deps);
  const shipping = methods.shipping.find((method) => method.id === input.shippingMethod && method.enabled);
  const payment = methods.payment.find((method) => method.id === input.paymentMethod && method.enabled);
  if (!shipping) throw invalid('shippingMethod', 'Ez a szállítási mód nem választható.');
  if (!payment) throw invalid('paymentMethod', 'Ez a fizetési mód nem választható.');
  if (payment.provider === 'barion') requireBarionSetUp(deps.barion);
  if (shipping.paymentMethods.length > 0 && !shipping.paymentMethods.includes(payment.id)) {
    throw invalid(
      'paymentMethod',
      `Ez a fizetési mód nem választható ehhez a szállítási módhoz: ${shipping.name}.`,
    );
  }
  const address = shipping.needsAddress ? input.shippingAddress : null;
  if (shipping.needsAddress && !address) throw invalid('shippingAddress', 'A szállítási cím kötelező.');
  // Re-read from the shop's own table: the browser names the point, never its name or address.
  const pickupPoint = await pickupPointForOrder(deps.prisma, shipping, input.pickupPoint);

  const cartLines: CartLineRef[] = userId
    ? await readCartLines(deps.prisma, userId)
    : mergeLines(input.cart ?? []);
  if (cartLines.length === 0)
    throw new DomainError('invalid_input', EMPTY_CART, [{ path: 'cart', message: EMPTY_CART }]);

  const [shopper, index, terms, bank, template] = await Promise.all([
    loadShopper(deps.prisma, deps.session),
    getCatalogueIndex(deps),
    termsVersion(deps),
    shopBankDetails(deps),
    cachedEmailTemplate(deps, CONFIRMATION_TEMPLATE),
  ]);
  // Lines put into the cart from a quote are sold at its price while it holds (quote-pricing.ts).
  const quoted = await quotePricesFor(
    deps.prisma,
    userId,
    cartLines,
    (id) => index.byId.get(id)?.unit ?? 'db',
  );
  const lines = cartLines.map((line, position) => {
    const { product: id, quantity } = line;
    const product = index.byId.get(id);
    if (!product || !isVisible(product, shopper, false)) {
      throw new DomainError(
        'conflict',
        `A kosár egyik terméke már nem kapható (${product?.title ?? `#${id}`}).`,
        [{ path: `cart.${position}.product`, message: 'Ez a termék már nem kapható.' }],
      );
    }
    const choice = lineChoice(index, product, line.variant);
    if (!choice.ok) {
      // A variant switched off or gone is a product no longer sold (409); a line naming none is a mistake (400).
      if (choice.problem === 'gone') {
        throw new DomainError('conflict', `A kosár egyik terméke már nem kapható (${product.title}).`, [
          { path: `cart.${position}.variant`, message: VARIANT_NOT_FOUND },
        ]);
      }
      throw lineProblemError(choice.problem, `cart.${position}.variant`);
    }
    const { variant } = choice;
    // A quoted price holds for the quoted product and variant only (quote-pricing.ts).
    const quote = quoted.get(lineKey(line));
    const quoteApplies = quote !== undefined && quote.problem === null;
    const unitPrice = quoteApplies ? quote.unitPrice : variantUnitPrice(product, variant, shopper, quantity);
    return {
      product,
      variant,
      position,
      quantity,
      unitPrice,
      lineTotal: unitPrice * quantity,
      quote: quoteApplies ? quote : null,
      quoted: quoteApplies,
    };
  });

  const promotions = await discountLines(deps, lines, {
    userId,
    groupId: shopper.groupId,
    email: input.customer.email,
    couponCode: input.couponCode ?? null,
    shippingFee: (items) => shippingFeeFor(shipping, items),
    catalogue: index,
  });
  if (promotions.coupon && !promotions.coupon.applied) throw couponRefused(promotions.coupon);
  const lineDiscount = (position: number) => promotions.lineDiscounts[position] ?? 0;
  const itemsTotal = lines.reduce((sum, line) => sum + line.lineTotal - lineDiscount(line.position), 0);
  const shippingFee = promotions.shippingWaived ? 0 : shippingFeeFor(shipping, itemsTotal);
  const discountTotal = promotions.discounts.reduce((sum, discount) => sum + discount.amount, 0);
  const exactTotal = itemsTotal + shippingFee + payment.fee;
  const grandTotal = payment.provider === 'cash_on_delivery' ? roundCash(exactTotal) : exactTotal;
  const access = newAccessKey();

  if (!template) throw new Error(`Hiányzik ${withArticle(`„${CONFIRMATION_TEMPLATE}”`)} e-mail-sablon.`);
  const orderLines = lines.map((line) => ({
    productId: line.product.id,
    variantId: line.variant?.id ?? null,
    productTitle: soldTitle(line.product.title, line.variant),
    kutiId: line.variant?.kutiId ?? line.product.kutiId,
    unitPrice: line.unitPrice,
    // The catalogue the price came from; a VAT change (product or shop) rebuilds it like a price change does.
    ...lineVat(line.product.vatClass, index.vatExempt),
    unit: line.product.unit,
    quantity: line.quantity,
    lineTotal: line.lineTotal - lineDiscount(line.position),
    discount: lineDiscount(line.position),
    gift: false,
    quoteLineId: line.quote?.quoteLineId ?? null,
  }));
  // A gift is a line of its own at its price, all of it taken off (the cart shows it the same way).
  for (const { productId, price } of promotions.gifts) {
    const product = index.byId.get(productId);
    if (!product) continue;
    orderLines.push({
      productId,
      variantId: null,
      productTitle: product.title,
      kutiId: product.kutiId,
      unitPrice: price,
      ...lineVat(product.vatClass, index.vatExempt),
      unit: product.unit,
      quantity: 1,
      lineTotal: 0,
      discount: price,
      gift: true,
      quoteLineId: null,
    });
  }
  const vatTotal = vatBreakdown(orderLines, [shippingFee, payment.fee, grandTotal - exactTotal]).reduce(
    (sum, rate) => sum + rate.vat,
    0,
  );
  const status: TOrderStatus = payment.provider === 'barion' ? 'awaiting_payment' : 'received';
  // Counted once the order is worth writing, so a form sent with a mistake costs the shopper nothing.
  if (userId === null) {
    await guardGuestOrder(deps.prisma, { ip: deps.ip, email: input.customer.email }, deps.requestLimits);
  }
  const { id, number } = await nextOrderIdentity(deps.prisma, new Date());
  const columns: OrderColumns = {
    id,
    number,
    idempotencyKey: key,
    idempotencyFingerprint: key === null ? null : placer.fingerprint,
    accessKeyHash: access.hash,
    termsVersion: terms,
    userId,
    status,
    email: input.customer.email,
    phone: input.customer.phone,
    firstName: input.customer.firstName,
    lastName: input.customer.lastName,
    shippingName: address?.name ?? null,
    shippingPostcode: address?.postcode ?? null,
    shippingCity: address?.city ?? null,
    shippingStreet: address?.street ?? null,
    shippingFloorDoor: address?.floorDoor ?? null,
    pickupPoint,
    billingName: input.billingAddress.name,
    billingCompanyName: input.billingAddress.companyName ?? null,
    billingTaxNumber: input.billingAddress.taxNumber ?? null,
    billingEuVatNumber: input.billingAddress.euVatNumber ?? null,
    billingPostcode: input.billingAddress.postcode,
    billingCity: input.billingAddress.city,
    billingStreet: input.billingAddress.street,
    billingFloorDoor: input.billingAddress.floorDoor ?? null,
    shippingMethodId: shipping.id,
    shippingMethodName: shipping.name,
    shippingFee,
    shippingDeliveryTime: shipping.deliveryTime,
    paymentMethodId: payment.id,
    paymentMethodName: payment.name,
    paymentProvider: payment.provider,
    paymentFee: payment.fee,
    itemsTotal,
    discountTotal,
    rounding: grandTotal - exactTotal,
    vatTotal,
    grandTotal,
    refundedTotal: 0,
    note: input.note ?? null,
    trackingNumber: null,
    completedAt: null,
    createdAt: new Date(),
  };
  const history = { toStatus: status, note: RECEIVED_NOTE, createdAt: columns.createdAt };
  const promotionWrite = promotionUses(promotions.discounts, customerKey(userId, input.customer.email) ?? '');
  const draft = toOrderDto({
    ...columns,
    updatedAt: columns.createdAt,
    discounts: promotionWrite.discounts.map(({ promotionId, code, label, amount, shipping }) => ({
      promotionId,
      code,
      label,
      amount,
      shipping,
    })),
    paidTotal: 0,
    paidAt: null,
    lines: orderLines.map((line) => ({ ...line, id: 0 })),
    statusChanges: [history],
    payments: [],
    withdrawals: [],
    parcel: null,
    shipments: [],
    invoices: [],
  });
  const { message } = composeEmail(
    template,
    orderConfirmationEmail(draft, {
      orderLink: orderLink(deps.publicUrl, id, access.key),
      shopUrl: deps.publicUrl,
      bank,
    }),
  );
  let placed: { order: TOrder; stock: StockLevel[] };
  try {
    const written = await writeOrder(deps.prisma, {
      order: columns,
      lines: orderLines,
      history: { toStatus: status, note: RECEIVED_NOTE, changedById: userId },
      email: message,
      clearCartOf: userId,
      usesQuotes: [...new Set(lines.flatMap((line) => (line.quote ? [line.quote.quoteId] : [])))],
      rememberBilling: companyBillingOf(userId, input.billingAddress),
      promotions: promotionWrite,
    });
    placed = {
      order: {
        ...draft,
        lines: draft.lines.map((line, position) => ({ ...line, id: written.lineIds[position]! })),
      },
      stock: written.stock,
    };
  } catch (error) {
    if (error instanceof StockShortage) throw await shortage(deps.prisma, lines);
    if (error instanceof QuoteTaken) throw new DomainError('conflict', QUOTE_TAKEN_MEANWHILE);
    if (error instanceof PromotionTaken) throw promotionTakenMeanwhile(input.couponCode ?? null);
    // Two requests with one key raced: the loser's statement was undone; answer the winner's order.
    if (key !== null && isUniqueViolation(error)) {
      const replay = await replayed(deps, key, placer);
      if (replay) return replay;
    }
    throw error;
  }

  // This server's listings show the new stock at once; other servers within a second (stock-sync.ts).
  applyStockLevels(index, placed.stock);
  await rememberMarketingConsent(deps.prisma, placed.order.id, input.consentId);
  if (placed.order.paymentMethod.provider !== 'barion') {
    return { order: placed.order, payment: null, accessKey: access.key };
  }
  // The order stands even when Barion cannot be reached: the shopper pays from the order page later.
  const started = await startOrderPayment(deps, placed.order).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'unavailable') return null;
    throw error;
  });
  const order = started ? await reloadOrder(deps.prisma, placed.order.id) : placed.order;
  return { order, payment: started, accessKey: access.key };
}

export const COUPON_TAKEN_MEANWHILE = 'A kuponkód közben elfogyott. A rendelést kupon nélkül is leadhatod.';
export const PROMOTION_TAKEN_MEANWHILE = 'Egy akció közben elfogyott. Kérjük, nézd meg újra a kosarad.';

/** A code refused before anything was written: 409 when its uses ran out, 400 for any other reason. */
function couponRefused(coupon: CouponState): DomainError {
  const message = coupon.message ?? COUPON_USED_UP;
  const usedUp = message === COUPON_USED_UP || message === COUPON_USED_BY_YOU;
  return new DomainError(usedUp ? 'conflict' : 'invalid_input', message, [{ path: 'couponCode', message }]);
}

/** Another order took the last use between pricing and writing (write-order.ts): nothing was written. */
function promotionTakenMeanwhile(couponCode: string | null): DomainError {
  if (couponCode === null) return new DomainError('conflict', PROMOTION_TAKEN_MEANWHILE);
  return new DomainError('conflict', COUPON_TAKEN_MEANWHILE, [
    { path: 'couponCode', message: COUPON_TAKEN_MEANWHILE },
  ]);
}

/**
 * The discounts as written, with the uses they take: only limited promotions and codes count uses in
 * their rows, so an unlimited rule on every order is no row every order waits for.
 */
function promotionUses(discounts: readonly AppliedDiscount[], customer: string): PromotionWrite {
  return {
    customer,
    discounts,
    limitedPromotionIds: discounts.filter((row) => row.limits.total).map((row) => row.promotionId),
    redeemedCodeIds: discounts.flatMap((row) =>
      row.limits.code && row.couponCodeId !== null ? [row.couponCodeId] : [],
    ),
    perCustomerPromotionIds: discounts.filter((row) => row.limits.perCustomer).map((row) => row.promotionId),
  };
}

async function reloadOrder(prisma: PrismaClient, id: number) {
  return toOrderDto(await prisma.order.findUniqueOrThrow({ where: { id }, select: orderSelect }));
}

/**
 * Who placed an order, as a retry must show it again: the signed-in customer, or for a guest (who has
 * no session) the SHA-256 of the request itself. A real retry sends the same body; anyone else who
 * learnt the key would have to know the guest's whole order (name, addresses, cart) to be answered it.
 */
type Placer = { userId: number | null; fingerprint: string | null };

function requestFingerprint(input: TPlaceOrderInput): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

export const IDEMPOTENCY_KEY_TAKEN = 'Ezt az Idempotency-Key értéket egy másik rendelés már használta.';

/**
 * The answer to a retried placement: the first order, with its card payment if one is still open,
 * and only to its placer; anyone else gets a 409 that tells nothing of it. The private link's key is
 * not stored, so it is not answered again (the e-mail carries it).
 */
async function replayed(deps: OrderDeps, key: string, placer: Placer): Promise<TPlaceOrderOutput | null> {
  const existing = await findOrderByIdempotencyKey(deps.prisma, key);
  if (!existing) return null;
  const samePlacer =
    existing.userId === placer.userId &&
    (placer.userId !== null || existing.idempotencyFingerprint === placer.fingerprint);
  if (!samePlacer) throw new DomainError('conflict', IDEMPOTENCY_KEY_TAKEN);
  return { order: existing.order, payment: existing.openPayment, accessKey: null };
}

/** A signed-in company buyer's billing data, to keep among their billing addresses (write-order.ts). */
function companyBillingOf(
  userId: number | null,
  billing: TPlaceOrderInput['billingAddress'],
): CompanyBillingAddress | null {
  if (userId === null || !billing.companyName || !billing.taxNumber) return null;
  return {
    userId,
    name: billing.name,
    postcode: billing.postcode,
    city: billing.city,
    street: billing.street,
    floorDoor: billing.floorDoor ?? null,
    companyName: billing.companyName,
    taxNumber: billing.taxNumber,
    euVatNumber: billing.euVatNumber ?? null,
  };
}

type OrderLineDraft = {
  product: { id: number; title: string; unit: string };
  variant: IndexedVariant | null;
  position: number;
  quantity: number;
};

/** The 409 for the first line whose product (or variant) is not there to take, with what is left of it. */
async function shortage(prisma: PrismaClient, lines: readonly OrderLineDraft[]): Promise<DomainError> {
  const available = await availableStock(
    prisma,
    lines.map((line) => line.product.id),
    lines.flatMap((line) => (line.variant ? [line.variant.id] : [])),
  );
  // Each line is one product or variant (lines are merged): its variant's stock, else its product's.
  const left = (line: OrderLineDraft) =>
    line.variant
      ? (available.variants.get(line.variant.id) ?? 0)
      : (available.products.get(line.product.id) ?? 0);
  const short = lines.find((line) => left(line) < line.quantity);
  if (!short) {
    // Stock came back between the order and this read: the shopper may simply send it again.
    return new DomainError(
      'conflict',
      'A kosár egyik termékének készlete időközben változott, kérjük, küldd el újra a rendelést.',
    );
  }
  const count = left(short);
  const title = soldTitle(short.product.title, short.variant);
  const { unit } = short.product;
  const message =
    count === 0 ? `„${title}” elfogyott.` : `„${title}” termékből csak ${count} ${unit} van készleten.`;
  return new DomainError('conflict', message, [{ path: `cart.${short.position}.quantity`, message }]);
}

/**
 * The buyer's cookie-consent id goes on the order only when the choice recorded for it allows marketing
 * (analytics/meta-capi.ts rule 1). Written after the order stands: if it fails, the order simply carries
 * no consent, and its purchase is never reported to Meta.
 */
async function rememberMarketingConsent(
  prisma: OrderDeps['prisma'],
  orderId: number,
  consentId: string | null | undefined,
): Promise<void> {
  if (!consentId) return;
  try {
    const allowed = await marketingConsentForOrder(prisma, consentId);
    if (allowed) {
      await prisma.order.update({
        where: { id: orderId },
        data: { marketingConsentId: allowed },
        select: { id: true },
      });
    }
  } catch {
    // The safe side: no consent on the order.
  }
}
