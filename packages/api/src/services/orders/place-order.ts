import { Prisma, type PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import {
  roundCash,
  shippingFeeFor,
  type TCartLineInput,
  type TOrder,
  type TOrderStatus,
  type TPlaceOrderInput,
  type TPlaceOrderOutput,
} from '../../schemas';
import { mergeLines } from '../cart/price-cart';
import { readCartLines } from '../cart/server-cart';
import { getCatalogueIndex, isVisible } from '../catalogue-index';
import { getCheckoutMethods } from '../checkout/methods';
import { type ComposedEmail, composeEmail } from '../email/outbox';
import { cachedEmailTemplate } from '../email/template-cache';
import type { BarionConfig } from '../payments/barion-client';
import { startOrderPayment } from '../payments/barion-payment';
import { loadShopper, unitPriceFor } from '../pricing';
import type { AuthSession } from '../session';
import { applyStockLevels, type StockLevel } from '../stock-sync';
import { newAccessKey, orderLink } from './order-access';
import { orderSelect, toOrderDto, vatBreakdown } from './order-dto';
import { orderConfirmationEmail, shopBankDetails } from './order-email';
import { nextOrderNumber } from './order-number';
import { findOrderByIdempotencyKey } from './order-read';
import { termsVersion } from './terms-version';

export type OrderDeps = {
  prisma: PrismaClient;
  cache: VersionedCache;
  session: AuthSession | null;
  publicUrl: string;
  idempotencyKey: string | null;
  barion: BarionConfig;
};

export const EMPTY_CART = 'A kosár üres.';
const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
const CONFIRMATION_TEMPLATE = 'order_confirmation';
const RECEIVED_NOTE = 'A rendelés beérkezett.';

/**
 * Many shoppers ordering the last pieces of one product wait on that product's row lock in turn;
 * Prisma's defaults (2 s to get a connection, 5 s to finish) would turn that queue into errors.
 */
const TRANSACTION_OPTIONS = { maxWait: 30_000, timeout: 30_000 } as const;

const {
  lines: _lines,
  statusChanges: _statusChanges,
  payments: _payments,
  withdrawals: _withdrawals,
  ...orderColumns
} = orderSelect;

function invalid(path: string, message: string): DomainError {
  return new DomainError('invalid_input', `Hibás adat: ${path} – ${message}`, [{ path, message }]);
}

/**
 * POST /api/cart/order. Everything the order consists of is written in one transaction: stock taken
 * with one conditional UPDATE per product (never below zero, so never oversold), the order with its
 * lines priced from the catalogue, its number, the first history entry, the confirmation e-mail in
 * the outbox and the emptied server cart. A failure anywhere, or a killed process, leaves nothing.
 * The card payment is started after the commit: a payment provider must never hold a row lock.
 */
export async function placeOrder(deps: OrderDeps, input: TPlaceOrderInput): Promise<TPlaceOrderOutput> {
  const userId = deps.session?.user.id ?? null;
  const key = deps.idempotencyKey;
  if (key !== null && key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw invalid('Idempotency-Key', `legfeljebb ${MAX_IDEMPOTENCY_KEY_LENGTH} karakter lehet.`);
  }
  if (key !== null) {
    const replay = await replayed(deps, key, userId);
    if (replay) return replay;
  }

  const methods = await getCheckoutMethods(deps);
  const shipping = methods.shipping.find((method) => method.id === input.shippingMethod && method.enabled);
  const payment = methods.payment.find((method) => method.id === input.paymentMethod && method.enabled);
  if (!shipping) throw invalid('shippingMethod', 'Ez a szállítási mód nem választható.');
  if (!payment) throw invalid('paymentMethod', 'Ez a fizetési mód nem választható.');
  if (shipping.paymentMethods.length > 0 && !shipping.paymentMethods.includes(payment.id)) {
    throw invalid(
      'paymentMethod',
      `Ez a fizetési mód nem választható ehhez a szállítási módhoz: ${shipping.name}.`,
    );
  }
  const address = shipping.needsAddress ? input.shippingAddress : null;
  if (shipping.needsAddress && !address) throw invalid('shippingAddress', 'A szállítási cím kötelező.');

  const cartLines: TCartLineInput[] = userId
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
  const lines = cartLines.map(({ product: id, quantity }, position) => {
    const product = index.byId.get(id);
    if (!product || !isVisible(product, shopper, false)) {
      throw new DomainError(
        'conflict',
        `A kosár egyik terméke már nem kapható (${product?.title ?? `#${id}`}).`,
        [{ path: `cart.${position}.product`, message: 'Ez a termék már nem kapható.' }],
      );
    }
    const unitPrice = unitPriceFor(product, shopper, quantity);
    return { product, position, quantity, unitPrice, lineTotal: unitPrice * quantity };
  });

  const itemsTotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const shippingFee = shippingFeeFor(shipping, itemsTotal);
  const exactTotal = itemsTotal + shippingFee + payment.fee;
  const grandTotal = payment.provider === 'cash_on_delivery' ? roundCash(exactTotal) : exactTotal;
  const access = newAccessKey();

  // Numbered in its own statement: the counter row is locked only for that statement, not until the
  // order commits, so orders do not queue behind each other. A failed order leaves a gap, which order
  // numbers (unlike invoice numbers) may have.
  const number = await nextOrderNumber(deps.prisma, new Date());
  if (!template) throw new Error(`Hiányzik a(z) „${CONFIRMATION_TEMPLATE}” e-mail-sablon.`);
  let placed: { order: TOrder; stock: StockLevel[] };
  try {
    // Four round trips besides BEGIN and COMMIT: through Prisma each statement costs this process far
    // more than it costs the database, and rows stay locked until COMMIT.
    placed = await deps.prisma.$transaction(async (tx) => {
      const taken = await takeStock(tx, lines);
      const stock: StockLevel[] = [];
      for (const line of lines) {
        const row = taken.get(line.product.id);
        if (row?.stock == null) throw shortage(line, row?.available ?? 0);
        stock.push({ id: line.product.id, stock: row.stock });
      }
      const orderLines = lines.map((line) => ({
        productId: line.product.id,
        productTitle: line.product.title,
        kutiId: line.product.kutiId,
        unitPrice: line.unitPrice,
        vatRate: taken.get(line.product.id)!.vatRate,
        quantity: line.quantity,
        lineTotal: line.lineTotal,
      }));
      const vatTotal = vatBreakdown(orderLines, grandTotal - itemsTotal).reduce(
        (sum, rate) => sum + rate.vat,
        0,
      );
      const status: TOrderStatus = payment.provider === 'barion' ? 'awaiting_payment' : 'received';
      const created = await tx.order.create({
        data: {
          number,
          idempotencyKey: key,
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
          billingName: input.billingAddress.name,
          billingCompanyName: input.billingAddress.companyName ?? null,
          billingTaxNumber: input.billingAddress.taxNumber ?? null,
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
          rounding: grandTotal - exactTotal,
          vatTotal,
          grandTotal,
          note: input.note ?? null,
        },
        // One INSERT … RETURNING: what was just written is not read back.
        select: orderColumns,
      });
      const history = { toStatus: status, note: RECEIVED_NOTE, createdAt: created.createdAt };
      const draft = toOrderDto({
        ...created,
        lines: orderLines.map((line) => ({ ...line, id: 0 })),
        statusChanges: [history],
        payments: [],
        withdrawals: [],
      });
      const { message } = composeEmail(
        template,
        orderConfirmationEmail(draft, {
          orderLink: orderLink(deps.publicUrl, created.id, access.key),
          shopUrl: deps.publicUrl,
          bank,
        }),
      );
      const lineIds = await writeOrderRest(tx, { orderId: created.id, userId, orderLines, history, message });
      const order: TOrder = {
        ...draft,
        lines: draft.lines.map((line, position) => ({ ...line, id: lineIds[position]! })),
      };
      return { order, stock };
    }, TRANSACTION_OPTIONS);
  } catch (error) {
    // Two requests with one key raced: the loser's transaction rolled back; answer the winner's order.
    if (key !== null && isUniqueViolation(error)) {
      const replay = await replayed(deps, key, userId);
      if (replay) return replay;
    }
    throw error;
  }

  // This server's listings show the new stock at once; other servers within a second (stock-sync.ts).
  applyStockLevels(index, placed.stock);
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

async function reloadOrder(prisma: PrismaClient, id: number) {
  return toOrderDto(await prisma.order.findUniqueOrThrow({ where: { id }, select: orderSelect }));
}

/**
 * The answer to a retried placement: the first order, with its card payment if one is still open.
 * The private link's key is not stored, so it is not answered again (the e-mail carries it).
 */
async function replayed(
  deps: OrderDeps,
  key: string,
  userId: number | null,
): Promise<TPlaceOrderOutput | null> {
  const existing = await findOrderByIdempotencyKey(deps.prisma, key);
  if (!existing) return null;
  if (existing.userId !== userId) {
    throw new DomainError('conflict', 'Ezt az Idempotency-Key értéket egy másik rendelés már használta.');
  }
  return { order: existing.order, payment: existing.openPayment, accessKey: null };
}

type OrderLineDraft = {
  product: { id: number; title: string; unit: string };
  position: number;
  quantity: number;
};

/**
 * Takes the stock of every line in one statement. The rows are locked in product order first, so two
 * orders of the same products never wait on each other crosswise; each product's stock then drops
 * only if enough is left (never below zero, so never oversold). Answers, per product, what was left
 * before (for the shortage message), the new stock (null when it was not taken) and the VAT rate.
 */
async function takeStock(
  tx: Prisma.TransactionClient,
  lines: readonly OrderLineDraft[],
): Promise<Map<number, { available: number; stock: number | null; vatRate: number }>> {
  const ids = lines.map((line) => line.product.id);
  const quantities = lines.map((line) => line.quantity);
  const rows = await tx.$queryRaw<{ id: number; available: number; stock: number | null; vatRate: number }[]>`
    WITH locked AS MATERIALIZED (
      SELECT id, CASE WHEN enabled THEN GREATEST(stock, 0) ELSE 0 END AS available, "vatRate"
      FROM "Product" WHERE id = ANY(${ids}::int[]) ORDER BY id FOR UPDATE
    ), taken AS (
      UPDATE "Product" p
      SET stock = p.stock - want.quantity, "unitsSold" = p."unitsSold" + want.quantity, "stockChangedAt" = now()
      FROM unnest(${ids}::int[], ${quantities}::int[]) AS want(id, quantity), locked
      WHERE p.id = want.id AND locked.id = want.id AND p.enabled AND p.stock >= want.quantity
      RETURNING p.id, p.stock
    )
    SELECT locked.id, locked.available, taken.stock, locked."vatRate"
    FROM locked LEFT JOIN taken ON taken.id = locked.id`;
  return new Map(
    rows.map((row) => [
      row.id,
      {
        available: Number(row.available),
        stock: row.stock === null ? null : Number(row.stock),
        vatRate: Number(row.vatRate),
      },
    ]),
  );
}

/** The order's lines, its first history entry, its confirmation e-mail and the emptied cart: one statement. */
async function writeOrderRest(
  tx: Prisma.TransactionClient,
  {
    orderId,
    userId,
    orderLines,
    history,
    message,
  }: {
    orderId: number;
    userId: number | null;
    orderLines: readonly {
      productId: number;
      productTitle: string;
      kutiId: string | null;
      unitPrice: number;
      vatRate: number;
      quantity: number;
      lineTotal: number;
    }[];
    history: { toStatus: TOrderStatus; note: string; createdAt: Date };
    message: ComposedEmail;
  },
): Promise<number[]> {
  const column = <K extends keyof (typeof orderLines)[number]>(name: K) =>
    orderLines.map((line) => line[name]);
  const rows = await tx.$queryRaw<{ id: number }[]>`
    WITH status AS (
      INSERT INTO "OrderStatusChange" ("orderId", "toStatus", "changedById", note, "createdAt")
      VALUES (${orderId}, ${history.toStatus}::"OrderStatus", ${userId}, ${history.note}, ${history.createdAt})
    ), email AS (
      INSERT INTO "EmailOutbox" ("to", subject, html, text, "templateKey")
      VALUES (${message.to}, ${message.subject}, ${message.html}, ${message.text}, ${message.templateKey})
    ), cart AS (
      DELETE FROM "CartLine" WHERE ${userId}::int IS NOT NULL
        AND "cartId" IN (SELECT id FROM "Cart" WHERE "userId" = ${userId}::int)
    )
    INSERT INTO "OrderLine" ("orderId", "productId", "productTitle", "kutiId", "unitPrice", "vatRate", quantity, "lineTotal")
    SELECT ${orderId}, line."productId", line.title, line."kutiId", line."unitPrice", line."vatRate", line.quantity,
      line."lineTotal"
    FROM unnest(${column('productId')}::int[], ${column('productTitle')}::text[], ${column('kutiId')}::text[],
      ${column('unitPrice')}::int[], ${column('vatRate')}::int[], ${column('quantity')}::int[],
      ${column('lineTotal')}::int[]) WITH ORDINALITY
      AS line("productId", title, "kutiId", "unitPrice", "vatRate", quantity, "lineTotal", position)
    ORDER BY line.position
    RETURNING id`;
  return rows.map((row) => row.id);
}

function shortage(line: OrderLineDraft, available: number): DomainError {
  const { title, unit } = line.product;
  const message =
    available === 0
      ? `„${title}” elfogyott.`
      : `„${title}” termékből csak ${available} ${unit} van készleten.`;
  return new DomainError('conflict', message, [{ path: `cart.${line.position}.quantity`, message }]);
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}
