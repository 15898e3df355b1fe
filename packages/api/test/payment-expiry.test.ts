import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BarionConfig } from '../src/services/payments/barion-client';
import { syncBarionPayment } from '../src/services/payments/barion-sync';
import {
  settleOverduePayments,
  startPaymentExpiryWorker,
  UNSTARTED_PAYMENT_NOTE,
} from '../src/services/payments/payment-expiry';
import type { StartedBarionStandIn } from '../src/stand-ins/barion';
import { type Caller, callerFor, createAdmin } from './factories';
import { expectTrpcError } from './helpers';
import { createProduct, createShop, orderInput, type Shop, startBarion } from './order-fixtures';

const SUCCESS_CARD = '4444 8888 8888 5559';

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

const jobDeps = () => ({ prisma: db.prisma, barion: () => barion.config });
/** The job as it runs once the payment window has passed. */
const overdue = { overdueAfterMs: 0, now: () => new Date(Date.now() + 1000) };

async function cardOrder(product: number, quantity = 2) {
  const placed = await guest.cart.order(
    orderInput(shop, { cart: [{ product, quantity }], paymentMethod: shop.payment.card }),
  );
  if (!placed.payment || !placed.accessKey) throw new Error('A kártyás fizetés nem indult el.');
  return { order: placed.order, paymentId: placed.payment.paymentId, accessKey: placed.accessKey };
}

const productState = async (id: number) =>
  db.prisma.product.findUniqueOrThrow({ where: { id }, select: { stock: true, unitsSold: true } });

const timeline = async (paymentId: string) =>
  (
    await db.prisma.payment.findUniqueOrThrow({
      where: { providerPaymentId: paymentId },
      select: {
        events: { orderBy: { id: 'asc' }, select: { kind: true, providerStatus: true, detail: true } },
      },
    })
  ).events;

const emails = (number: string, templateKey: string) =>
  db.prisma.emailOutbox.count({ where: { templateKey, subject: { contains: number } } });

describe('the payment expiry job', () => {
  it('settles a payment left to expire as a failed payment, gives the stock back, and tells the customer once', async () => {
    const product = await createProduct(db.prisma, {
      slug: 'lejaro',
      title: 'Lejáró',
      grossPrice: 2000,
      stock: 5,
    });
    const { order, paymentId, accessKey } = await cardOrder(product);
    expect(await productState(product)).toEqual({ stock: 3, unitsSold: 2 });

    // Within the window nothing is asked.
    expect(await settleOverduePayments(jobDeps())).toEqual({
      asked: 0,
      settled: 0,
      unreachable: 0,
      released: 0,
    });

    barion.stand.standIn.expire(paymentId);
    // Two servers' runs at once: one claims the payment, the other finds nothing to do.
    const runs = await Promise.all([
      settleOverduePayments(jobDeps(), overdue),
      settleOverduePayments(jobDeps(), overdue),
    ]);
    expect(runs.reduce((sum, run) => sum + run.asked, 0)).toBe(1);
    expect(runs.reduce((sum, run) => sum + run.settled, 0)).toBe(1);

    const seen = await guest.order.byId({ id: order.id, key: accessKey });
    expect(seen).toMatchObject({ status: 'payment_failed', paymentState: 'expired', canPay: true });
    expect(seen.history.map((entry) => entry.status)).toEqual(['awaiting_payment', 'payment_failed']);
    expect(seen.history.at(-1)?.note).toBe('A bankkártyás fizetés ideje lejárt (Barion).');
    expect(await productState(product)).toEqual({ stock: 5, unitsSold: 0 });
    expect(await emails(order.number, 'order_payment_failed')).toBe(1);

    const events = await timeline(paymentId);
    expect(events.map((event) => event.kind)).toEqual(['start', 'state', 'expired']);
    expect(events[1]).toMatchObject({
      providerStatus: 'Expired',
      detail: { trigger: 'expiry_job', total: order.total },
    });

    // Once settled, later runs leave it alone, and cancelling the failed order gives nothing back twice.
    expect(await settleOverduePayments(jobDeps(), overdue)).toMatchObject({ asked: 0 });
    const admin = await createAdmin(db.prisma);
    await admin.caller.order.setStatus({ id: order.id, status: 'cancelled' });
    expect(await productState(product)).toEqual({ stock: 5, unitsSold: 0 });
  });

  it('runs by itself on the server’s timer until stopped', async () => {
    const { order, paymentId } = await cardOrder(shop.products.mug, 1);
    barion.stand.standIn.expire(paymentId);
    const worker = startPaymentExpiryWorker({ ...jobDeps(), intervalMs: 50, run: overdue });
    try {
      for (let attempt = 0; attempt < 100; attempt++) {
        const row = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
        if (row.status === 'payment_failed') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await worker.stop();
    }
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe(
      'payment_failed',
    );
  });

  it('settles a payment Barion reports as succeeded as paid, with its receipt once', async () => {
    const { order, paymentId } = await cardOrder(shop.products.mug, 1);
    barion.stand.standIn.payWithCard(paymentId, SUCCESS_CARD);
    const run = await settleOverduePayments(jobDeps(), overdue);
    expect(run).toMatchObject({ asked: 1, settled: 1 });
    const row = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(row.status).toBe('received');
    expect(row.stockReturnedAt).toBeNull();
    expect(await emails(order.number, 'payment_succeeded')).toBe(1);
    const events = await timeline(paymentId);
    const state = events.find((event) => event.kind === 'state');
    if (!state) throw new Error('Nincs állapotválasz az idővonalon.');
    expect(state).toMatchObject({ providerStatus: 'Succeeded' });
    expect((state.detail as { transactions: { type: string; status: string }[] }).transactions).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'CardPayment', status: 'Succeeded' })]),
    );
  });

  it('does not ask Barion again within 5 seconds of the last question', async () => {
    const { paymentId } = await cardOrder(shop.products.mug, 1);
    await syncBarionPayment({ prisma: db.prisma, barion: barion.config }, paymentId, { force: true });
    barion.stand.standIn.expire(paymentId);
    expect(await settleOverduePayments(jobDeps(), { overdueAfterMs: 0 })).toMatchObject({ asked: 0 });
    const later = { overdueAfterMs: 0, now: () => new Date(Date.now() + 6000) };
    expect(await settleOverduePayments(jobDeps(), later)).toMatchObject({ asked: 1, settled: 1 });
  });

  it('keeps a payment pending when Barion cannot be reached, and settles it on a later run', async () => {
    const { order, paymentId } = await cardOrder(shop.products.mug, 1);
    barion.stand.standIn.cancel(paymentId);
    const down = {
      prisma: db.prisma,
      barion: () => ({ ...barion.config, apiUrl: 'http://127.0.0.1:9/barion' }),
    };
    expect(await settleOverduePayments(down, overdue)).toMatchObject({
      asked: 1,
      settled: 0,
      unreachable: 1,
    });
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe(
      'awaiting_payment',
    );
    const later = { overdueAfterMs: 0, now: () => new Date(Date.now() + 7000) };
    expect(await settleOverduePayments(jobDeps(), later)).toMatchObject({ asked: 1, settled: 1 });
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe(
      'payment_failed',
    );
  });
});

describe('a card order whose payment never started', () => {
  it('gives its stock back once the payment window has passed, fails it with one e-mail, and can still be paid', async () => {
    const product = await createProduct(db.prisma, {
      slug: 'el-sem-indult',
      title: 'El sem indult',
      grossPrice: 1500,
      stock: 5,
    });
    const down = await callerFor(db.prisma, {
      barion: { ...barion.config, apiUrl: 'http://127.0.0.1:9/barion' },
    });
    const placed = await down.cart.order(
      orderInput(shop, { cart: [{ product, quantity: 2 }], paymentMethod: shop.payment.card }),
    );
    expect(placed.payment).toBeNull();
    const { order } = placed;
    const accessKey = placed.accessKey!;
    expect(await productState(product)).toEqual({ stock: 3, unitsSold: 2 });

    // Within the payment window the order keeps its stock: the shopper may still start paying.
    expect(await settleOverduePayments(jobDeps())).toMatchObject({ released: 0 });
    expect(await productState(product)).toEqual({ stock: 3, unitsSold: 2 });

    // Two servers' runs at once release it once.
    const runs = await Promise.all([
      settleOverduePayments(jobDeps(), overdue),
      settleOverduePayments(jobDeps(), overdue),
    ]);
    expect(runs.reduce((sum, run) => sum + run.released, 0)).toBe(1);
    const seen = await guest.order.byId({ id: order.id, key: accessKey });
    expect(seen).toMatchObject({ status: 'payment_failed', canPay: true, paidStatus: 'unpaid' });
    expect(seen.history.at(-1)?.note).toBe(UNSTARTED_PAYMENT_NOTE);
    expect(await productState(product)).toEqual({ stock: 5, unitsSold: 0 });
    expect(await emails(order.number, 'order_payment_failed')).toBe(1);

    expect(await settleOverduePayments(jobDeps(), overdue)).toMatchObject({ released: 0 });
    expect(await productState(product)).toEqual({ stock: 5, unitsSold: 0 });
    expect(await emails(order.number, 'order_payment_failed')).toBe(1);

    // Paying later takes the stock anew; a payment under way is left to Barion's answer.
    const again = await guest.order.pay({ id: order.id, key: accessKey });
    expect(again.order).toMatchObject({ status: 'awaiting_payment', paymentState: 'pending' });
    expect(await productState(product)).toEqual({ stock: 3, unitsSold: 2 });
    expect(await settleOverduePayments(jobDeps(), overdue)).toMatchObject({ released: 0 });
    expect((await guest.order.byId({ id: order.id, key: accessKey })).status).toBe('awaiting_payment');
  });
});

describe('a failed card payment and paying again', () => {
  it('fails the order with the stock back, then paying again takes the stock anew and pays', async () => {
    const product = await createProduct(db.prisma, {
      slug: 'ujra',
      title: 'Újra',
      grossPrice: 1000,
      stock: 4,
    });
    const { order, paymentId, accessKey } = await cardOrder(product);
    barion.stand.standIn.cancel(paymentId);
    await syncBarionPayment({ prisma: db.prisma, barion: barion.config }, paymentId, {
      force: true,
      callback: true,
    });
    expect(await guest.order.byId({ id: order.id, key: accessKey })).toMatchObject({
      status: 'payment_failed',
      paymentState: 'cancelled',
      canPay: true,
    });
    expect(await productState(product)).toEqual({ stock: 4, unitsSold: 0 });
    expect((await timeline(paymentId)).map((event) => event.kind)).toEqual(['start', 'callback', 'state']);

    const again = await guest.order.pay({ id: order.id, key: accessKey });
    expect(again.order).toMatchObject({ status: 'awaiting_payment', paymentState: 'pending', canPay: false });
    expect(await productState(product)).toEqual({ stock: 2, unitsSold: 2 });
    barion.stand.standIn.payWithCard(again.payment!.paymentId, SUCCESS_CARD);
    expect(await guest.cart.barionStatus({ paymentId: again.payment!.paymentId })).toMatchObject({
      status: 'received',
      paymentState: 'succeeded',
    });
    const seen = await guest.order.byId({ id: order.id, key: accessKey });
    expect(seen.history.map((entry) => entry.status)).toEqual([
      'awaiting_payment',
      'payment_failed',
      'awaiting_payment',
      'received',
    ]);
    expect(await emails(order.number, 'order_payment_failed')).toBe(1);
    expect(await emails(order.number, 'payment_succeeded')).toBe(1);
  });

  it('refuses to pay again when a product ran out meanwhile, and leaves the order failed', async () => {
    const product = await createProduct(db.prisma, {
      slug: 'elfogy',
      title: 'Elfogyó',
      grossPrice: 1000,
      stock: 2,
    });
    const { order, paymentId, accessKey } = await cardOrder(product);
    barion.stand.standIn.cancel(paymentId);
    await guest.cart.barionStatus({ paymentId });
    await guest.cart.order(orderInput(shop, { cart: [{ product, quantity: 2 }] }));
    await expectTrpcError(
      guest.order.pay({ id: order.id, key: accessKey }),
      'CONFLICT',
      '„Elfogyó” már nincs elég készleten, ezért a rendelés nem fizethető újra. Kérjük, adj le új rendelést!',
    );
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe(
      'payment_failed',
    );
    expect(await productState(product)).toEqual({ stock: 0, unitsSold: 2 });
  });

  it('switches a failed card order to cash on delivery: awaiting payment again, then received', async () => {
    const { order, paymentId, accessKey } = await cardOrder(shop.products.mug, 1);
    barion.stand.standIn.cancel(paymentId);
    await guest.cart.barionStatus({ paymentId });
    const switched = await guest.order.pay({ id: order.id, key: accessKey, paymentMethod: shop.payment.cod });
    expect(switched.order).toMatchObject({
      status: 'received',
      paymentMethod: { provider: 'cash_on_delivery' },
    });
    expect(switched.order.history.map((entry) => entry.status)).toEqual([
      'awaiting_payment',
      'payment_failed',
      'awaiting_payment',
      'received',
    ]);
    // The shopper did not pay by card again: the history says what they did.
    expect(switched.order.history[2]?.note).toMatch(/^A vásárló fizetési módot vált: /);
    expect(await emails(order.number, 'payment_succeeded')).toBe(0);
  });
});
