import type { OrderStatus, Prisma } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import { escapeHtml } from '../../html-escape';
import {
  adminStatusRefusal,
  canTransition,
  ORDER_STATUS_LABELS,
  type TBuiltInEmailKey,
  type TOrderStatus,
  transitionRefusal,
} from '../../schemas';
import { CATALOGUE_CACHE_KEY, type CatalogueIndex } from '../catalogue/in-memory-index';
import { applyStockLevels, type StockLevel } from '../catalogue/stock-sync';
import { formatBudapestTime, formatForint } from '../email/format';
import { enqueueTemplatedEmail } from '../email/outbox';
import { htmlToText, type TrustedHtml } from '../email/render';
import { queueInvoicesForStatusChange } from '../invoicing/invoice-queue';
import { collectCashOnDelivery } from '../payments/recorded-payment';
import { releasePromotionUses } from '../promotions/release-uses';
import { enqueueWebhookEvent } from '../webhooks/events';
import { enqueueStockChanged } from '../webhooks/shop-events';
import { recordOrderAudit } from './order-audit';
import { ORDER_NOT_FOUND } from './order-read';
import {
  addShipmentWithStatus,
  alreadyShippedWith,
  hasTrackingNumber,
  shipmentsOf,
  trackingInfo as shippedTrackingInfo,
} from './order-shipments';

/**
 * Every status change of an order goes through `changeOrderStatus`, for admins and for the payment
 * flow alike:
 * 1. The order row is locked first, so concurrent changes of one order (double clicks, a bulk change
 *    racing a callback) run one after the other and each sees the status the previous one left.
 * 2. The transition table (schemas/order.ts) decides; an admin is also kept from the statuses only
 *    payments and refunds set. A refusal is a 409 naming both statuses. Asking for the status the
 *    order already has changes nothing and is not an error: a retried request must not fail.
 * 3. Cancelling and a failed payment give the stock back once (`stockReturnedAt`); paying again after
 *    a failed payment takes it anew, or refuses when it is gone.
 * 4. The status e-mail goes out at most once per order and status: the `OrderStatusEmail` row is the
 *    guard, and the outbox row is written only by whoever inserted it.
 * 5. Integrators hear of it: `order.status_changed`, and `stock.changed` when stock moved (webhooks).
 * 6. The change that makes an order due for its invoice, or reverses an invoiced one, queues it in the same
 *    transaction (invoicing/invoice-queue.ts).
 * 7. Completing a cash-on-delivery order records its unpaid rest as collected; no other status move
 *    makes an order paid (payments/recorded-payment.ts).
 * 8. A tracking number given with `shipped` becomes one of the order's numbers (order-shipments.ts), and
 *    the shipped e-mail lists them all. Asking for `shipped` again with a number the order has changes
 *    nothing, and gives an order shipped without one its first; with another one it is a 409 naming
 *    the shipment operations, never a silent no-op.
 * The caller owns the transaction; after it commits, `publishStockLevels` shows the stock on this
 * server's listings (other servers read it from `stockChangedAt` within a second).
 */

export type ChangeOrderStatusInput = {
  orderId: number;
  to: TOrderStatus;
  /** Who changes it: an admin's user id, the customer's, or null for the shop itself or an API key. */
  actorId: number | null;
  /** The integrator's API key that changes it (no user): named in the audit trail. */
  apiKeyName?: string | null | undefined;
  /** Shown in the order's history (the customer sees it) and in the status e-mail. */
  note?: string | undefined;
  /** The carrier's parcel number; only with `shipped`. */
  trackingNumber?: string | undefined;
  /** Where the customer follows the parcel (the carrier's tracking page), linked from the e-mail. */
  trackingUrl?: string | undefined;
  /** Who carries the parcel ("foxpost"), stored with the number. */
  carrier?: string | undefined;
  /** False: no e-mail for this change. Default: the status's e-mail, once per order and status. */
  notify?: boolean | undefined;
  /** The payment or refund flow: may set the statuses an admin may not, and leaves no audit entry. */
  system?: boolean | undefined;
};

export type OrderStatusChangeResult = {
  /** False when the order already had this status: nothing was written. */
  changed: boolean;
  from: TOrderStatus;
  to: TOrderStatus;
  /** Stock levels this change moved, for `publishStockLevels` after the commit. */
  stock: StockLevel[];
  /** The id of the queued status e-mail, null when none was queued. */
  emailOutboxId: number | null;
};

/** Statuses in which the order no longer holds its products. */
const RELEASES_STOCK: readonly TOrderStatus[] = ['cancelled', 'payment_failed'];

/** The customer's e-mail of each status; statuses missing here send none. */
export const ORDER_STATUS_EMAIL: Partial<Record<TOrderStatus, TBuiltInEmailKey>> = {
  // Reached only through a succeeded card payment (the other ways in send the confirmation themselves).
  received: 'payment_succeeded',
  processing: 'order_processing',
  packed: 'order_packed',
  shipped: 'order_shipped',
  ready_for_pickup: 'order_ready_for_pickup',
  completed: 'order_completed',
  cancelled: 'order_cancelled',
  payment_failed: 'order_payment_failed',
};

export const TRACKING_ONLY_WHEN_SHIPPED = `Csomagszámot csak „${ORDER_STATUS_LABELS.shipped}” állapothoz lehet megadni.`;

type LockedOrder = { status: OrderStatus; stockReturnedAt: Date | null };

export async function changeOrderStatus(
  tx: Prisma.TransactionClient,
  {
    orderId,
    to,
    actorId,
    apiKeyName,
    note,
    trackingNumber,
    trackingUrl,
    carrier,
    notify,
    system = false,
  }: ChangeOrderStatusInput,
): Promise<OrderStatusChangeResult> {
  if (trackingNumber && to !== 'shipped') {
    throw new DomainError('invalid_input', TRACKING_ONLY_WHEN_SHIPPED, [
      { path: 'trackingNumber', message: TRACKING_ONLY_WHEN_SHIPPED },
    ]);
  }
  const [locked] = await tx.$queryRaw<LockedOrder[]>`
    SELECT status, "stockReturnedAt" FROM "Order" WHERE id = ${orderId} FOR UPDATE`;
  if (!locked) throw new DomainError('not_found', ORDER_NOT_FOUND);
  const from = locked.status;
  const unchanged = { changed: false, from, to, stock: [], emailOutboxId: null };
  if (from === 'shipped' && to === 'shipped' && trackingNumber) {
    // Rule 8: a repeated request is no change; another number is a correction or one more parcel.
    const { has, numbers } = await hasTrackingNumber(tx, orderId, trackingNumber);
    if (numbers.length > 0 && !has) throw new DomainError('conflict', alreadyShippedWith(orderId, numbers));
    if (numbers.length === 0) {
      const actor = { userId: actorId, apiKeyName: apiKeyName ?? null };
      await addShipmentWithStatus(
        tx,
        { orderId, actor, notify, audit: true },
        { trackingNumber, trackingUrl, carrier },
      );
    }
    return unchanged;
  }
  if (from === to && !canTransition(from, to)) return unchanged;
  const refusal = system
    ? canTransition(from, to)
      ? null
      : transitionRefusal(from, to)
    : adminStatusRefusal(from, to);
  if (refusal) throw new DomainError('conflict', refusal);

  const now = new Date();
  let stock: StockLevel[] = [];
  let stockReturnedAt = locked.stockReturnedAt;
  if (RELEASES_STOCK.includes(to) && !locked.stockReturnedAt) {
    stock = await returnStock(tx, orderId);
    stockReturnedAt = now;
  } else if (!RELEASES_STOCK.includes(to) && locked.stockReturnedAt) {
    stock = await takeStockAgain(tx, orderId);
    stockReturnedAt = null;
  }

  if (to === 'cancelled') await releasePromotionUses(tx, orderId);
  if (to === 'shipped' && trackingNumber) {
    await addShipmentWithStatus(
      tx,
      { orderId, actor: { userId: actorId, apiKeyName: apiKeyName ?? null }, notify },
      { trackingNumber, trackingUrl, carrier },
    );
  }

  const order = await tx.order.update({
    where: { id: orderId },
    data: {
      status: to,
      stockReturnedAt,
      ...(to === 'completed' ? { completedAt: now } : {}),
    },
    select: {
      number: true,
      email: true,
      firstName: true,
      lastName: true,
      createdAt: true,
      grandTotal: true,
      shippingMethodName: true,
      paymentMethodName: true,
      trackingNumber: true,
    },
  });
  await tx.orderStatusChange.create({
    data: {
      orderId,
      fromStatus: from,
      toStatus: to,
      note: note ?? null,
      trackingNumber: to === 'shipped' ? (trackingNumber ?? null) : null,
      changedById: actorId,
      createdAt: now,
    },
    select: { id: true },
  });
  await enqueueWebhookEvent(tx, 'order.status_changed', {
    order: { id: orderId, number: order.number },
    from,
    to,
    trackingNumber: order.trackingNumber,
    changedAt: now.toISOString(),
  });
  await enqueueStockChanged(
    tx,
    stock.filter((level) => !level.variant).map((level) => level.id),
    stock.filter((level) => level.variant).map((level) => level.id),
  );
  // Delivered cash on delivery was paid at the handover (payments/recorded-payment.ts).
  if (to === 'completed') await collectCashOnDelivery(tx, orderId, now);
  await queueInvoicesForStatusChange(tx, { orderId, from, to });
  if (!system && (actorId !== null || apiKeyName)) {
    await recordOrderAudit(tx, {
      orderId,
      actorId,
      apiKeyName,
      action: 'status',
      detail: {
        from,
        to,
        ...(note ? { note } : {}),
        ...(trackingNumber ? { trackingNumber } : {}),
        ...(notify === false ? { notify: false } : {}),
      },
    });
  }

  let emailOutboxId: number | null = null;
  const templateKey = ORDER_STATUS_EMAIL[to];
  if (templateKey && notify !== false) {
    const claimed = await tx.$queryRaw<{ orderId: number }[]>`
      INSERT INTO "OrderStatusEmail" ("orderId", status)
      VALUES (${orderId}, ${to}::"OrderStatus")
      ON CONFLICT DO NOTHING
      RETURNING "orderId"`;
    if (claimed.length > 0) {
      const shipments = to === 'shipped' ? await shipmentsOf(tx, orderId) : [];
      const queued = await enqueueTemplatedEmail(tx, {
        templateKey,
        to: order.email,
        variables: {
          firstName: order.firstName,
          lastName: order.lastName,
          orderNumber: order.number,
          orderDate: formatBudapestTime(order.createdAt),
          orderTotal: formatForint(order.grandTotal),
          status: ORDER_STATUS_LABELS[to],
          shippingMethod: order.shippingMethodName,
          paymentMethod: order.paymentMethodName,
          trackingNumber: shipments.map((row) => row.trackingNumber).join(', '),
          trackingUrl: shipments.find((row) => row.trackingUrl)?.trackingUrl ?? '',
          trackingInfo: shippedTrackingInfo(shipments, order.shippingMethodName),
          statusNote: paragraph(note ? `<strong>Megjegyzés:</strong> ${escapeHtml(note)}` : ''),
        },
      });
      emailOutboxId = queued.id;
      await tx.orderStatusEmail.update({
        where: { orderId_status: { orderId, status: to } },
        data: { outboxId: queued.id },
        select: { orderId: true },
      });
    }
  }
  return { changed: true, from, to, stock, emailOutboxId };
}

function paragraph(html: string): TrustedHtml {
  return html ? { html: `<p>${html}</p>`, text: htmlToText(html) } : { html: '', text: '' };
}

type LineQuantity = { productId: number; variantId: number | null; quantity: number };

/**
 * The order's quantities per product and variant, its products locked in id order so two orders never
 * wait on each other crosswise (as placing an order locks them: products first, then their variants).
 */
async function lockQuantitiesOf(tx: Prisma.TransactionClient, orderId: number): Promise<LineQuantity[]> {
  const rows = await tx.$queryRaw<
    { productId: number; variantId: number | null; quantity: bigint | number }[]
  >`
    SELECT "productId", "variantId", SUM(quantity) AS quantity FROM "OrderLine"
    WHERE "orderId" = ${orderId} AND "productId" IS NOT NULL
    GROUP BY "productId", "variantId" ORDER BY "productId", "variantId"`;
  const productIds = [...new Set(rows.map((row) => Number(row.productId)))];
  await tx.$queryRaw`SELECT id FROM "Product" WHERE id = ANY(${productIds}::int[]) ORDER BY id FOR UPDATE`;
  return rows.map((row) => ({
    productId: Number(row.productId),
    variantId: row.variantId === null ? null : Number(row.variantId),
    quantity: Number(row.quantity),
  }));
}

/**
 * The order's pieces back on the shelf (`sign` 1) or off it again (`sign` -1): each variant's stock, then
 * each product's. A product sold in variants gets the sum of its enabled variants' stock, read after
 * they moved (its row lock keeps every other variant writer out meanwhile); one sold as itself moves by
 * the quantity. Taking off needs the product and variant enabled and enough left; the order line that
 * cannot be taken is answered, nothing is changed then (the caller's transaction is undone).
 */
async function moveOrderStock(
  tx: Prisma.TransactionClient,
  orderId: number,
  sign: 1 | -1,
): Promise<{ levels: StockLevel[]; short: LineQuantity | null }> {
  const wanted = await lockQuantitiesOf(tx, orderId);
  const variantLines = wanted.filter((line) => line.variantId !== null);
  const variants = await tx.$queryRaw<{ id: number; stock: number }[]>`
    UPDATE "ProductVariant" v SET stock = v.stock + ${sign}::int * want.quantity, "updatedAt" = now()
    FROM unnest(${variantLines.map((line) => line.variantId)}::int[], ${variantLines.map((line) => line.quantity)}::int[])
      AS want(id, quantity)
    WHERE v.id = want.id AND (${sign}::int > 0 OR (v.enabled AND v.stock >= want.quantity))
    RETURNING v.id, v.stock`;
  const movedVariants = new Set(variants.map((row) => Number(row.id)));
  const missing = variantLines.find((line) => !movedVariants.has(line.variantId ?? 0));
  // A variant deleted since is no longer there to give back to; one to take again must be there.
  if (sign < 0 && missing) return { levels: [], short: missing };

  const byProduct = new Map<number, number>();
  for (const line of wanted)
    byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.quantity);
  const products = await tx.$queryRaw<{ id: number; stock: number }[]>`
    UPDATE "Product" p
    SET stock = CASE WHEN EXISTS (SELECT 1 FROM "ProductVariant" x WHERE x."productId" = p.id)
          THEN (SELECT coalesce(sum(GREATEST(x.stock, 0)), 0) FROM "ProductVariant" x
                WHERE x."productId" = p.id AND x.enabled)
          ELSE p.stock + ${sign}::int * want.quantity END,
      "unitsSold" = GREATEST(p."unitsSold" - ${sign}::int * want.quantity, 0),
      "stockChangedAt" = now()
    FROM unnest(${[...byProduct.keys()]}::int[], ${[...byProduct.values()]}::int[]) AS want(id, quantity)
    WHERE p.id = want.id AND (${sign}::int > 0 OR (p.enabled AND p.stock >= want.quantity))
    RETURNING p.id, p.stock`;
  const movedProducts = new Set(products.map((row) => Number(row.id)));
  const shortProduct = wanted.find((line) => !movedProducts.has(line.productId));
  if (sign < 0 && shortProduct) return { levels: [], short: shortProduct };
  return {
    levels: [
      ...products.map((row) => ({ id: Number(row.id), stock: Number(row.stock) })),
      ...variants.map((row) => ({ id: Number(row.id), stock: Number(row.stock), variant: true })),
    ],
    short: null,
  };
}

async function returnStock(tx: Prisma.TransactionClient, orderId: number): Promise<StockLevel[]> {
  return (await moveOrderStock(tx, orderId, 1)).levels;
}

/** Paying again after a failed payment: the products are taken again, as when the order was placed. */
async function takeStockAgain(tx: Prisma.TransactionClient, orderId: number): Promise<StockLevel[]> {
  const { levels, short } = await moveOrderStock(tx, orderId, -1);
  if (short) {
    // The order line's own name: "Póló, kék, M" for a variant.
    const line = await tx.orderLine.findFirst({
      where: { orderId, productId: short.productId, variantId: short.variantId },
      select: { productTitle: true },
    });
    throw new DomainError(
      'conflict',
      `„${line?.productTitle ?? `#${short.productId}`}” már nincs elég készleten, ezért a rendelés nem fizethető újra. Kérjük, adj le új rendelést!`,
    );
  }
  return levels;
}

/** After the commit: this server's listings show the moved stock at once (if it has built its catalogue). */
export function publishStockLevels(cache: VersionedCache, levels: readonly StockLevel[]): void {
  if (levels.length === 0) return;
  const index = cache.peek<CatalogueIndex>(CATALOGUE_CACHE_KEY);
  if (index) applyStockLevels(index, levels);
}
