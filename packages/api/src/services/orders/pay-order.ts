import type { Prisma, PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import { roundCash, type TOrder } from '../../schemas';
import type { BarionConfig } from '../payments/barion-client';
import { startOrderPayment } from '../payments/barion-payment';
import { orderLink } from './order-access';
import { orderSelect, toOrderDto, vatBreakdown } from './order-dto';
import { enqueueOrderConfirmation, shopBankDetails } from './order-email';
import { getOrderFor, type OrderViewer } from './order-read';
import { changeOrderStatus, publishStockLevels } from './order-status';

type Deps = { prisma: PrismaClient; cache: VersionedCache; publicUrl: string; barion: BarionConfig };

export const ORDER_NOT_PAYABLE =
  'Ez a rendelés most nem fizethető: már kifizették, vagy egy fizetés még folyamatban van.';

/**
 * POST /api/order/{id}/pay: after a failed or cancelled card payment the shopper pays again, or picks
 * cash on delivery or transfer instead (the order then counts as received and waits for the money).
 * A failed payment gave the stock back, so paying again first takes it anew (awaiting payment once
 * more), or answers 409 when a product ran out meanwhile.
 */
export async function payOrder(
  deps: Deps,
  id: number,
  viewer: OrderViewer,
  paymentMethodId: number | undefined,
): Promise<{ order: TOrder; payment: { paymentId: string; gatewayUrl: string } | null }> {
  const order = await getOrderFor(deps.prisma, id, viewer);
  if (!order.canPay) throw new DomainError('conflict', ORDER_NOT_PAYABLE);
  const actorId = viewer.session?.user.id ?? null;
  if (paymentMethodId === undefined || paymentMethodId === order.paymentMethod.id) {
    if (order.paymentMethod.provider !== 'barion') throw new DomainError('conflict', ORDER_NOT_PAYABLE);
    await reopenFailedOrder(deps, id, actorId);
    const payment = await startOrderPayment(deps, order);
    return { order: await getOrderFor(deps.prisma, id, viewer), payment };
  }
  const method = await deps.prisma.paymentMethod.findFirst({ where: { id: paymentMethodId, enabled: true } });
  if (!method) {
    throw new DomainError('invalid_input', 'Hibás adat: paymentMethod – Ez a fizetési mód nem választható.', [
      { path: 'paymentMethod', message: 'Ez a fizetési mód nem választható.' },
    ]);
  }
  if (method.provider === 'barion') {
    await reopenFailedOrder(deps, id, actorId);
    const payment = await startOrderPayment(deps, order);
    return { order: await getOrderFor(deps.prisma, id, viewer), payment };
  }
  const bank = await shopBankDetails(deps);
  // Another method changes the fee and so the total; cash is rounded to 5 Ft.
  const { updated, stock } = await deps.prisma.$transaction(async (tx) => {
    const reopened = await reopenLocked(tx, id, actorId, `A vásárló fizetési módot vált: ${method.name}.`);
    const exact = order.itemsTotal + order.shippingMethod.fee + method.grossFee;
    const total = method.provider === 'cash_on_delivery' ? roundCash(exact) : exact;
    const vatTotal = vatBreakdown(order.lines, [
      order.shippingMethod.fee,
      method.grossFee,
      total - exact,
    ]).reduce((sum, rate) => sum + rate.vat, 0);
    await tx.order.update({
      where: { id },
      data: {
        paymentMethodId: method.id,
        paymentMethodName: method.name,
        paymentProvider: method.provider,
        paymentFee: method.grossFee,
        rounding: total - exact,
        vatTotal,
        grandTotal: total,
      },
      select: { id: true },
    });
    // The confirmation below tells the customer; the status e-mail would say less.
    await changeOrderStatus(tx, {
      orderId: id,
      to: 'received',
      actorId,
      system: true,
      notify: false,
      note: `A vásárló fizetési módot váltott: ${method.name}.`,
    });
    const switched = toOrderDto(await tx.order.findUniqueOrThrow({ where: { id }, select: orderSelect }));
    // The new method brings new payment instructions (bank details for a transfer): confirm again.
    await enqueueOrderConfirmation(tx, switched, {
      orderLink: viewer.key
        ? orderLink(deps.publicUrl, id, viewer.key)
        : `${deps.publicUrl}/services/account?tab=rendeleseim`,
      shopUrl: deps.publicUrl,
      bank,
    });
    return { updated: switched, stock: reopened };
  });
  publishStockLevels(deps.cache, stock);
  return { order: updated, payment: null };
}

/** Paying again after a failed payment: the order awaits payment once more and holds its stock again. */
async function reopenFailedOrder(deps: Deps, orderId: number, actorId: number | null): Promise<void> {
  const stock = await deps.prisma.$transaction((tx) => reopenLocked(tx, orderId, actorId));
  publishStockLevels(deps.cache, stock);
}

async function reopenLocked(
  tx: Prisma.TransactionClient,
  orderId: number,
  actorId: number | null,
  note = 'A vásárló újra fizet.',
) {
  const [row] = await tx.$queryRaw<{ status: string }[]>`
    SELECT status FROM "Order" WHERE id = ${orderId} FOR UPDATE`;
  if (row?.status === 'awaiting_payment') return [];
  if (row?.status !== 'payment_failed') throw new DomainError('conflict', ORDER_NOT_PAYABLE);
  const change = await changeOrderStatus(tx, {
    orderId,
    to: 'awaiting_payment',
    actorId,
    system: true,
    note,
  });
  return change.stock;
}
