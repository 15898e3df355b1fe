import { randomUUID } from 'node:crypto';
import type { OrderStatus, Prisma, PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import { ORDER_NOT_FOUND } from '../orders/order-read';
import { loadInvoiceConfig } from './invoice-settings';

/**
 * When an order is invoiced (the durable job's queue: one Invoice row per order and kind).
 * 1. The row is written in the transaction of the status change that triggers it, with
 *    `INSERT … ON CONFLICT DO NOTHING` on the unique (orderId, kind): a second trigger, a replayed
 *    callback or two servers at once add nothing. The worker (invoice-worker.ts) issues it.
 * 2. Card orders: when the payment succeeds (awaiting payment → received). Transfer and cash on delivery:
 *    on completion; with `offlineIssueOn = paid` ("fizetéskor") already when the shop records their full
 *    payment (payments/recorded-payment.ts), never because a status moved: a transfer order may be
 *    packed before its money arrives. Cash on delivery is paid at the handover, which completing it
 *    records. Any order reaching completed without an invoice gets one. With invoicing switched off
 *    nothing is queued automatically.
 * 3. Cancelling an invoiced order, or refunding it in full, queues its storno; nothing is ever deleted.
 *    (A partial refund needs a corrective invoice, which the shop does not issue: the admin makes it at
 *    the provider.) A storno waits for its invoice to be issued first.
 */

const REVERSING: readonly OrderStatus[] = ['cancelled', 'refunded'];

type Trigger = { orderId: number; from: OrderStatus; to: OrderStatus };

async function insertInvoiceRow(
  tx: Prisma.TransactionClient,
  orderId: number,
  kind: 'invoice' | 'storno',
  provider: string,
): Promise<boolean> {
  const inserted = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "Invoice" ("orderId", kind, "externalId", provider, status, "nextAttemptAt", "createdAt", "updatedAt")
    VALUES (${orderId}, ${kind}, ${`kbb-${kind}-${orderId}-${randomUUID()}`}, ${provider}, 'pending', now(), now(), now())
    ON CONFLICT ("orderId", kind) DO NOTHING
    RETURNING id`;
  return inserted.length > 0;
}

function invoiceDue(provider: string, { from, to }: Trigger): boolean {
  if (to === 'completed') return true;
  return provider === 'barion' && from === 'awaiting_payment' && to === 'received';
}

/** Rules 1–3, inside the caller's transaction (changeOrderStatus). */
export async function queueInvoicesForStatusChange(
  tx: Prisma.TransactionClient,
  trigger: Trigger,
): Promise<void> {
  if (REVERSING.includes(trigger.to)) {
    const invoice = await tx.invoice.findUnique({
      where: { orderId_kind: { orderId: trigger.orderId, kind: 'invoice' } },
      select: { provider: true },
    });
    if (invoice) await insertInvoiceRow(tx, trigger.orderId, 'storno', invoice.provider);
    return;
  }
  const config = await loadInvoiceConfig(tx);
  if (!config.enabled) return;
  const order = await tx.order.findUnique({
    where: { id: trigger.orderId },
    select: { paymentProvider: true },
  });
  if (!order || !invoiceDue(order.paymentProvider, trigger)) return;
  await insertInvoiceRow(tx, trigger.orderId, 'invoice', 'szamlazz');
}

/** Rule 2's "fizetéskor": a cash-on-delivery or transfer order just became fully paid (caller's transaction). */
export async function queueInvoiceForPayment(tx: Prisma.TransactionClient, orderId: number): Promise<void> {
  const config = await loadInvoiceConfig(tx);
  if (!config.enabled || config.offlineIssueOn !== 'paid') return;
  const order = await tx.order.findUnique({
    where: { id: orderId },
    select: { paymentProvider: true, status: true },
  });
  if (!order || order.paymentProvider === 'barion' || !canIssueInvoice(order.status)) return;
  await insertInvoiceRow(tx, orderId, 'invoice', 'szamlazz');
}

const NOT_INVOICEABLE: readonly OrderStatus[] = ['awaiting_payment', 'payment_failed', 'cancelled'];
export const NOT_INVOICEABLE_MESSAGE =
  'Ehhez a rendeléshez most nem állítható ki számla: még nincs kifizetve, vagy törölték.';

/** Whether an admin may ask for the order's invoice (an unpaid or cancelled order without one may not). */
export function canIssueInvoice(status: OrderStatus): boolean {
  return !NOT_INVOICEABLE.includes(status);
}

/**
 * "Számla kiállítása" / "Újrapróbálás" by hand: queues the invoice if the order has none, and makes the
 * order's failed documents due now with a fresh count of tries. Waiting ones are left to their schedule
 * (one may be in a worker's hands right now), issued ones as they are, so a double click or a repeated
 * request issues nothing twice.
 */
export async function requestInvoiceByHand(prisma: PrismaClient, orderId: number): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const [order] = await tx.$queryRaw<{ status: OrderStatus }[]>`
      SELECT status FROM "Order" WHERE id = ${orderId} FOR UPDATE`;
    if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
    const existing = await tx.invoice.findUnique({
      where: { orderId_kind: { orderId, kind: 'invoice' } },
      select: { id: true },
    });
    if (!existing) {
      if (!canIssueInvoice(order.status)) throw new DomainError('conflict', NOT_INVOICEABLE_MESSAGE);
      await insertInvoiceRow(tx, orderId, 'invoice', 'szamlazz');
    }
    // A failed document gets its 5 tries anew; it keeps its last error, which tells the worker it was
    // sent before, so it asks the provider first (a lost answer must not become a second invoice).
    await tx.invoice.updateMany({
      where: { orderId, status: 'failed' },
      data: { status: 'pending', attempts: 0, nextAttemptAt: new Date() },
    });
  });
}
