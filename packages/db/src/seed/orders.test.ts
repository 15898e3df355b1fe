import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type Database } from '../testing';
import { seedDemoData } from '.';

const DAY_MS = 24 * 3600 * 1000;
const vatOf = (gross: number, rate: number) => Math.round((gross * rate) / (100 + rate));

let db: Database;
let seededAt: number;

beforeAll(async () => {
  db = await createTestDatabase();
  seededAt = Date.now();
  await seedDemoData(db.prisma);
}, 120_000);
afterAll(() => db?.close());

const readOrders = () =>
  db.prisma.order.findMany({
    orderBy: { createdAt: 'asc' },
    include: {
      lines: { include: { product: { select: { grossPrice: true } } } },
      statusChanges: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
      payments: true,
      refunds: true,
      shippingMethod: true,
      user: { select: { email: true } },
    },
  });

describe('demo orders', () => {
  it('spreads a few dozen orders over the last 30 days, numbered in the order they were placed', async () => {
    const orders = await readOrders();
    expect(orders.length).toBeGreaterThanOrEqual(30);
    expect(orders.length).toBeLessThanOrEqual(60);
    for (const order of orders) {
      expect(order.createdAt.getTime()).toBeGreaterThan(seededAt - 30 * DAY_MS);
      expect(order.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(order.number).toMatch(/^\d{4}-\d{6}$/);
    }
    const numbers = orders.map((order) => order.number);
    expect(numbers).toEqual([...numbers].sort());
    expect(new Set(numbers).size).toBe(numbers.length);
    // The next order placed through the shop continues the counter.
    const counters = await db.prisma.orderNumberCounter.findMany();
    const last = Math.max(...counters.map((counter) => counter.last));
    expect(numbers.at(-1)).toMatch(new RegExp(`-${String(last).padStart(6, '0')}$`));
  });

  it('adds up like a placed order: catalogue prices, shipping threshold, fees, cash rounding and VAT', async () => {
    for (const order of await readOrders()) {
      for (const line of order.lines) {
        expect(line.lineTotal).toBe(line.unitPrice * line.quantity);
        expect(line.unitPrice).toBe(line.product?.grossPrice);
      }
      const items = order.lines.reduce((sum, line) => sum + line.lineTotal, 0);
      expect(order.itemsTotal).toBe(items);
      const method = order.shippingMethod!;
      const free = method.freeAbove !== null && items >= method.freeAbove;
      expect(order.shippingFee).toBe(free ? 0 : method.grossPrice);
      expect(order.grandTotal).toBe(items + order.shippingFee + order.paymentFee + order.rounding);
      if (order.paymentProvider === 'cash_on_delivery') {
        expect(order.grandTotal % 5).toBe(0);
        expect(Math.abs(order.rounding)).toBeLessThanOrEqual(2);
      } else {
        expect(order.rounding).toBe(0);
      }
      const vat =
        order.lines.reduce((sum, line) => sum + vatOf(line.lineTotal, line.vatRate), 0) +
        vatOf(order.grandTotal - items, 27);
      expect(order.vatTotal).toBe(vat);
    }
  });

  it('keeps a history that ends in the order status, and a Barion payment for every settled card order', async () => {
    for (const order of await readOrders()) {
      const card = order.paymentProvider === 'barion';
      const [first, ...rest] = order.statusChanges;
      expect(first).toMatchObject({ fromStatus: null, toStatus: card ? 'awaiting_payment' : 'received' });
      expect(first?.createdAt).toEqual(order.createdAt);
      let previous = first!;
      for (const change of rest) {
        expect(change.fromStatus).toBe(previous.toStatus);
        expect(change.createdAt.getTime()).toBeGreaterThanOrEqual(previous.createdAt.getTime());
        previous = change;
      }
      expect(previous.toStatus).toBe(order.status);
      expect(previous.createdAt.getTime()).toBeLessThanOrEqual(Date.now());

      // The one still waiting for its card payment has none started: a made-up pending payment would be
      // asked about at Barion by the overdue payment job for ever.
      const settled = card && order.status !== 'awaiting_payment';
      // A cash-on-delivery order is paid once delivered, a transfer once the shop started on it.
      const offlinePaid =
        (order.paymentProvider === 'cash_on_delivery' && order.completedAt !== null) ||
        (order.paymentProvider === 'bank_transfer' &&
          order.statusChanges.some((change) => change.toStatus === 'processing'));
      expect(order.payments).toHaveLength(settled || offlinePaid ? 1 : 0);
      if (settled) {
        const expected = order.status === 'payment_failed' ? 'failed' : 'succeeded';
        expect(order.payments[0]).toMatchObject({ status: expected, amount: order.grandTotal });
      }
      const returned = order.status === 'cancelled' || order.status === 'payment_failed';
      expect(order.stockReturnedAt !== null).toBe(returned);
      if (order.status === 'shipped') expect(order.trackingNumber).toMatch(/^(GLS|FP|MPL)\d{8}$/);
      expect(order.completedAt !== null).toBe(
        ['completed', 'refunded', 'partially_refunded'].includes(order.status),
      );
      const refunded = order.refunds.reduce((sum, refund) => sum + refund.amount, 0);
      expect(order.refundedTotal).toBe(refunded);
      if (order.status === 'refunded') expect(order.refundedTotal).toBe(order.grandTotal);
      // Paid as the shop would have recorded it: never refunded more than was paid.
      const received = order.payments
        .filter((payment) => payment.status === 'succeeded')
        .reduce((sum, payment) => sum + payment.amount, 0);
      expect(order.paidTotal).toBe(received);
      expect(order.refundedTotal).toBeLessThanOrEqual(order.paidTotal);
      expect(order.paidAt !== null).toBe(order.paidTotal === order.grandTotal);
      if (order.user) expect(order.email).toBe(order.user.email);
    }
  });

  it('shows the dashboard every kind of figure: open work, a pending card payment, refunds and a withdrawal', async () => {
    const orders = await readOrders();
    const statuses = new Set(orders.map((order) => order.status));
    for (const status of [
      'awaiting_payment',
      'completed',
      'cancelled',
      'refunded',
      'partially_refunded',
    ] as const) {
      expect(statuses, status).toContain(status);
    }
    expect(
      orders.filter((order) => ['received', 'processing', 'packed'].includes(order.status)).length,
    ).toBeGreaterThan(1);
    expect(orders.filter((order) => order.userId !== null).length).toBeGreaterThan(5);
    // The card payment under way is younger than Barion's 30-minute window, or the expiry job would fail
    // it at the first start.
    for (const order of orders.filter((candidate) => candidate.status === 'awaiting_payment')) {
      expect(seededAt - order.createdAt.getTime()).toBeLessThan(30 * 60_000);
    }
    // Cash on delivery and transfer both ways: delivered or started (paid), and still waiting for the money.
    const offline = orders.filter(
      (order) => order.paymentProvider !== 'barion' && order.status !== 'cancelled',
    );
    expect(offline.some((order) => order.paidTotal === order.grandTotal)).toBe(true);
    expect(offline.some((order) => order.paidTotal === 0)).toBe(true);
    const withdrawals = await db.prisma.withdrawal.findMany({ include: { order: true } });
    expect(withdrawals).toHaveLength(1);
    const [withdrawal] = withdrawals;
    expect(withdrawal?.status).toBe('open');
    expect(withdrawal?.order.status).toBe('completed');
    expect(withdrawal!.createdAt.getTime()).toBeGreaterThan(withdrawal!.order.completedAt!.getTime());
  });

  it('queues no e-mail for orders nobody placed, and none without demo data', async () => {
    expect(await db.prisma.emailOutbox.count()).toBe(0);
    const bare = await createTestDatabase();
    try {
      await seedDemoData(bare.prisma, { demoData: false });
      expect(await bare.prisma.order.count()).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
