import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import { roundCash, type TOrder } from '../../schemas';
import type { BarionConfig } from '../payments/barion-client';
import { startOrderPayment } from '../payments/barion-payment';
import { orderLink } from './order-access';
import { orderSelect, toOrderDto, vatBreakdown } from './order-dto';
import { enqueueOrderConfirmation, shopBankDetails } from './order-email';
import { getOrderFor, type OrderViewer } from './order-read';

type Deps = { prisma: PrismaClient; cache: VersionedCache; publicUrl: string; barion: BarionConfig };

export const ORDER_NOT_PAYABLE =
  'Ez a rendelés most nem fizethető: már kifizették, vagy egy fizetés még folyamatban van.';

/**
 * POST /api/order/{id}/pay: after a failed or cancelled card payment the shopper pays again, or picks
 * cash on delivery or transfer instead (the order then counts as received and waits for the money).
 */
export async function payOrder(
  deps: Deps,
  id: number,
  viewer: OrderViewer,
  paymentMethodId: number | undefined,
): Promise<{ order: TOrder; payment: { paymentId: string; gatewayUrl: string } | null }> {
  const order = await getOrderFor(deps.prisma, id, viewer);
  if (!order.canPay) throw new DomainError('conflict', ORDER_NOT_PAYABLE);
  if (paymentMethodId === undefined || paymentMethodId === order.paymentMethod.id) {
    if (order.paymentMethod.provider !== 'barion') throw new DomainError('conflict', ORDER_NOT_PAYABLE);
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
    const payment = await startOrderPayment(deps, order);
    return { order: await getOrderFor(deps.prisma, id, viewer), payment };
  }
  const bank = await shopBankDetails(deps);
  // Another method changes the fee and so the total; cash is rounded to 5 Ft.
  const updated = await deps.prisma.$transaction(async (tx) => {
    const exact = order.itemsTotal + order.shippingMethod.fee + method.grossFee;
    const total = method.provider === 'cash_on_delivery' ? roundCash(exact) : exact;
    const vatTotal = vatBreakdown(order.lines, total - order.itemsTotal).reduce(
      (sum, rate) => sum + rate.vat,
      0,
    );
    const changed = await tx.order.updateMany({
      where: { id, status: 'awaiting_payment' },
      data: {
        status: 'received',
        paymentMethodId: method.id,
        paymentMethodName: method.name,
        paymentProvider: method.provider,
        paymentFee: method.grossFee,
        rounding: total - exact,
        vatTotal,
        grandTotal: total,
      },
    });
    if (changed.count === 0) throw new DomainError('conflict', ORDER_NOT_PAYABLE);
    await tx.orderStatusChange.create({
      data: {
        orderId: id,
        fromStatus: 'awaiting_payment',
        toStatus: 'received',
        changedById: viewer.session?.user.id ?? null,
        note: `A vásárló fizetési módot váltott: ${method.name}.`,
      },
      select: { id: true },
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
    return switched;
  });
  return { order: updated, payment: null };
}
