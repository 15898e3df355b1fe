import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import type { TOrder } from '../../schemas';
import { type BarionConfig, type BarionItem, PAYMENT_WINDOW, startBarionPayment } from './barion-client';
import { requireBarionSetUp } from './barion-config';

type Deps = { prisma: PrismaClient; publicUrl: string; barion: BarionConfig };

export const PAYMENT_UNAVAILABLE =
  'A bankkártyás fizetés most nem indítható el. Kérjük, próbáld újra néhány perc múlva, vagy válassz másik fizetési módot!';

/** The order as Barion's item list: every line, shipping and fees, whole forints that add up to the total. */
export function barionItems(
  order: Pick<TOrder, 'lines' | 'shippingMethod' | 'paymentMethod' | 'rounding'>,
): BarionItem[] {
  const items: BarionItem[] = order.lines.map((line) => ({
    Name: line.title.slice(0, 250),
    Description: line.title.slice(0, 500),
    Quantity: line.quantity,
    Unit: 'db',
    UnitPrice: line.unitPrice,
    ItemTotal: line.lineTotal,
    ...(line.kutiId ? { SKU: line.kutiId.slice(0, 100) } : {}),
  }));
  const fee = (name: string, amount: number): BarionItem => ({
    Name: name,
    Description: name,
    Quantity: 1,
    Unit: 'db',
    UnitPrice: amount,
    ItemTotal: amount,
  });
  if (order.shippingMethod.fee)
    items.push(fee(`Szállítás: ${order.shippingMethod.name}`.slice(0, 250), order.shippingMethod.fee));
  if (order.paymentMethod.fee)
    items.push(fee(`Fizetési díj: ${order.paymentMethod.name}`.slice(0, 250), order.paymentMethod.fee));
  if (order.rounding) items.push(fee('Kerekítés', order.rounding));
  return items;
}

/**
 * Starts a Barion card payment for an order and records it. Each attempt is a new payment with its
 * own POSTransactionId; callbacks of an older attempt can never move the order (barion-sync.ts).
 */
export async function startOrderPayment(
  deps: Deps,
  order: TOrder,
): Promise<{ paymentId: string; gatewayUrl: string }> {
  requireBarionSetUp(deps.barion);
  const posTransactionId = `${order.number}-${randomBytes(4).toString('hex')}`;
  let started: Awaited<ReturnType<typeof startBarionPayment>>;
  try {
    started = await startBarionPayment(deps.barion, {
      PaymentRequestId: posTransactionId,
      OrderNumber: order.number,
      PayerHint: order.customer.email,
      RedirectUrl: `${deps.publicUrl}/order/barion/result`,
      CallbackUrl: `${deps.publicUrl}/api/barion/callback`,
      PaymentWindow: PAYMENT_WINDOW,
      Transactions: [
        {
          POSTransactionId: posTransactionId,
          Payee: deps.barion.payee,
          Total: order.total,
          Items: barionItems(order),
        },
      ],
    });
  } catch (cause) {
    throw new DomainError('unavailable', PAYMENT_UNAVAILABLE, undefined, { cause });
  }
  await deps.prisma.payment.create({
    data: {
      orderId: order.id,
      provider: 'barion',
      providerPaymentId: started.PaymentId,
      posTransactionId,
      status: 'pending',
      amount: order.total,
      gatewayUrl: started.GatewayUrl,
      providerStatus: started.Status,
      // The first entry of the payment's timeline (barion-sync.ts adds callbacks and state answers).
      events: {
        create: {
          kind: 'start',
          providerStatus: started.Status,
          detail: { posTransactionId, total: order.total, paymentWindow: PAYMENT_WINDOW },
        },
      },
    },
    select: { id: true },
  });
  return { paymentId: started.PaymentId, gatewayUrl: started.GatewayUrl };
}
