import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BarionConfig } from '../src/services/payments/barion-client';
import { PAYMENT_UNAVAILABLE } from '../src/services/payments/barion-payment';
import { syncBarionPayment } from '../src/services/payments/barion-sync';
import type { StartedBarionStandIn } from '../src/stand-ins/barion';
import { type Caller, callerFor } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop, startBarion } from './order-fixtures';

const SUCCESS_CARD = '4444 8888 8888 5559';
const LOW_FUNDS_CARD = '4444 8888 8888 9999';

let db: Database;
let shop: Shop;
let barion: { stand: StartedBarionStandIn; config: BarionConfig };
let guest: Caller;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  barion = await startBarion();
  guest = await callerFor(db.prisma, { barion: barion.config });
});
afterAll(async () => {
  await barion?.stand.close();
  await db?.close();
});

async function cardOrder() {
  const placed = await guest.cart.order(
    orderInput(shop, {
      cart: [{ product: shop.products.mug, quantity: 2 }],
      paymentMethod: shop.payment.card,
    }),
  );
  if (!placed.payment || !placed.accessKey) throw new Error('A kártyás fizetés nem indult el.');
  return { ...placed, payment: placed.payment, accessKey: placed.accessKey };
}

const receipts = (orderNumber: string) =>
  db.prisma.emailOutbox.count({
    where: { templateKey: 'payment_succeeded', subject: { contains: orderNumber } },
  });

describe('card payment through Barion', () => {
  it('starts a payment with the order as items and waits for it', async () => {
    const { order, payment } = await cardOrder();
    expect(order).toMatchObject({ status: 'awaiting_payment', paymentState: 'pending', canPay: false });
    expect(payment.paymentId).toMatch(/^[0-9a-f]{32}$/);
    expect(payment.gatewayUrl).toBe(`${barion.stand.url}/Pay?id=${payment.paymentId}`);
    const state = await fetch(`${barion.stand.url}/v4/Payment/${payment.paymentId}/PaymentState`, {
      headers: { 'x-pos-key': barion.config.posKey },
    }).then((response) => response.json());
    // Two lines at 3 990 Ft and the courier's 1 990 Ft: Barion's total is the order's, in whole forints.
    expect(state).toMatchObject({
      Status: 'Prepared',
      Total: 9970,
      Currency: 'HUF',
      OrderNumber: order.number,
    });
  });

  it('moves the order forward once on success, however often the news arrives', async () => {
    const { order, payment } = await cardOrder();
    barion.stand.standIn.payWithCard(payment.paymentId, SUCCESS_CARD);
    const status = await guest.cart.barionStatus({ paymentId: payment.paymentId });
    expect(status).toEqual({
      orderId: order.id,
      orderNumber: order.number,
      status: 'received',
      paymentState: 'succeeded',
      total: order.total,
    });
    await Promise.all(
      Array.from({ length: 100 }, () =>
        syncBarionPayment({ prisma: db.prisma, barion: barion.config }, payment.paymentId, {
          force: true,
        }).catch(() => {}),
      ),
    );
    expect(await receipts(order.number)).toBe(1);
    const history = await db.prisma.orderStatusChange.findMany({
      where: { orderId: order.id },
      select: { toStatus: true },
    });
    expect(history.map((change) => change.toStatus)).toEqual(['awaiting_payment', 'received']);
  });

  it('keeps a declined card payment open; a cancelled one fails the order and lets the shopper pay again', async () => {
    const { order, payment, accessKey } = await cardOrder();
    barion.stand.standIn.payWithCard(payment.paymentId, LOW_FUNDS_CARD);
    expect(
      await syncBarionPayment({ prisma: db.prisma, barion: barion.config }, payment.paymentId, {
        force: true,
      }),
    ).toBe('asked');
    expect((await guest.order.byId({ id: order.id, key: accessKey })).paymentState).toBe('pending');

    barion.stand.standIn.cancel(payment.paymentId);
    await syncBarionPayment({ prisma: db.prisma, barion: barion.config }, payment.paymentId, { force: true });
    const cancelled = await guest.order.byId({ id: order.id, key: accessKey });
    expect(cancelled).toMatchObject({ status: 'payment_failed', paymentState: 'cancelled', canPay: true });

    const again = await guest.order.pay({ id: order.id, key: accessKey });
    expect(again.payment?.paymentId).not.toBe(payment.paymentId);
    barion.stand.standIn.payWithCard(again.payment!.paymentId, SUCCESS_CARD);
    expect(await guest.cart.barionStatus({ paymentId: again.payment!.paymentId })).toMatchObject({
      status: 'received',
      paymentState: 'succeeded',
    });
    // The first attempt's late "expired" news never touches the paid order.
    await syncBarionPayment({ prisma: db.prisma, barion: barion.config }, payment.paymentId, { force: true });
    expect((await guest.order.byId({ id: order.id, key: accessKey })).status).toBe('received');
    await expectTrpcError(guest.order.pay({ id: order.id, key: accessKey }), 'CONFLICT');
  });

  it('lets the shopper switch an unpaid order to cash on delivery, with its fee and rounding', async () => {
    const { order, payment, accessKey } = await cardOrder();
    barion.stand.standIn.cancel(payment.paymentId);
    await guest.cart.barionStatus({ paymentId: payment.paymentId });
    const switched = await guest.order.pay({ id: order.id, key: accessKey, paymentMethod: shop.payment.cod });
    expect(switched.payment).toBeNull();
    expect(switched.order).toMatchObject({
      status: 'received',
      paymentMethod: { provider: 'cash_on_delivery', fee: 490 },
      total: order.total + 490,
    });
    // The cancelled payment failed the order; switching re-opens it and receives it at once.
    expect(switched.order.history.map((entry) => entry.status)).toEqual([
      'awaiting_payment',
      'payment_failed',
      'awaiting_payment',
      'received',
    ]);
    const confirmations = await db.prisma.emailOutbox.findMany({
      where: { templateKey: 'order_confirmation', subject: { contains: order.number } },
      orderBy: { id: 'asc' },
    });
    expect(confirmations).toHaveLength(2);
    expect(confirmations[1]?.html).toContain('Utánvét');
    expect(confirmations[1]?.html).toContain(`/order/${order.id}?key=${accessKey}`);
  });

  it('refuses to pay someone else’s order and answers 404 for an unknown payment', async () => {
    const { order } = await cardOrder();
    await expectTrpcError(guest.order.pay({ id: order.id }), 'NOT_FOUND');
    await expectTrpcError(guest.cart.barionStatus({ paymentId: 'a'.repeat(32) }), 'NOT_FOUND');
    await expectTrpcError(guest.cart.barionStatus({ paymentId: 'nem-azonosito' }), 'BAD_REQUEST');
  });

  it('still takes the order when Barion is down, and says so when paying is tried again', async () => {
    const down = await callerFor(db.prisma, {
      barion: { ...barion.config, apiUrl: 'http://127.0.0.1:9/barion' },
    });
    const placed = await down.cart.order(
      orderInput(shop, {
        cart: [{ product: shop.products.mug, quantity: 1 }],
        paymentMethod: shop.payment.card,
      }),
    );
    expect(placed.payment).toBeNull();
    expect(placed.order).toMatchObject({ status: 'awaiting_payment', paymentState: 'none', canPay: true });
    await expectTrpcError(
      down.order.pay({ id: placed.order.id, key: placed.accessKey! }),
      'SERVICE_UNAVAILABLE',
      PAYMENT_UNAVAILABLE,
    );
  });
});
