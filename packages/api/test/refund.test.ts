import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_ACCOUNT_CHECKSUM_MESSAGE, BANK_ACCOUNT_FORMAT_MESSAGE } from '../src/schemas';
import { BANK_ACCOUNT_REQUIRED, REFUND_KEY_USED } from '../src/services/orders/refund';
import { REFUND_NOTHING_PAID } from '../src/services/orders/refund-read';
import type { BarionConfig } from '../src/services/payments/barion-client';
import { BARION_STAND_IN_POS_KEY } from '../src/services/payments/barion-config';
import { syncBarionPayment } from '../src/services/payments/barion-sync';
import { type StartedBarionStandIn, startBarionStandIn } from '../src/stand-ins/barion';
import { type Caller, callerFor, createAdmin, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, PAYEE, type Shop } from './order-fixtures';

const SUCCESS_CARD = '4444 8888 8888 5559';
/** A valid Hungarian account number (both blocks pass the giro check). */
const ACCOUNT = '11773016-11111018';

let db: Database;
let shop: Shop;
let barion: { stand: StartedBarionStandIn; config: BarionConfig };
let guest: Caller;
let admin: SignedIn;
let adminCaller: Caller;
let clock = Date.now();

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  // The stand-in's clock moves on only when the test looks at a payment, so looking is never
  // refused by Barion's limit of two state questions per payment in 5 seconds.
  const stand = await startBarionStandIn({
    posKey: BARION_STAND_IN_POS_KEY,
    retryDelaysMs: [50, 100],
    now: () => clock,
  });
  barion = { stand, config: { apiUrl: stand.url, posKey: BARION_STAND_IN_POS_KEY, payee: PAYEE } };
  guest = await callerFor(db.prisma, { barion: barion.config });
  admin = await createAdmin(db.prisma);
  adminCaller = await callerFor(db.prisma, { token: admin.token, barion: barion.config });
});
afterAll(async () => {
  await barion?.stand.close();
  await db?.close();
});

const adminWithKey = (idempotencyKey: string) =>
  callerFor(db.prisma, { token: admin.token, barion: barion.config, idempotencyKey });

/** Two mugs (3 990 Ft) and a plate (2 490 Ft) by courier: 12 460 Ft, plus the payment method's fee. */
async function placeOrder(paymentMethod: number) {
  const placed = await guest.cart.order(
    orderInput(shop, {
      cart: [
        { product: shop.products.mug, quantity: 2 },
        { product: shop.products.plate, quantity: 1 },
      ],
      paymentMethod,
    }),
  );
  return placed;
}

/** A cash-on-delivery or transfer order whose money the shop has recorded in full. */
async function paidOfflineOrder(paymentMethod: number) {
  const placed = await placeOrder(paymentMethod);
  const order = await adminCaller.order.recordPayment({ id: placed.order.id, amount: placed.order.total });
  expect(order).toMatchObject({ paidStatus: 'paid', paidTotal: placed.order.total });
  return { ...placed, order };
}

async function paidCardOrder() {
  const placed = await placeOrder(shop.payment.card);
  const paymentId = placed.payment!.paymentId;
  barion.stand.standIn.payWithCard(paymentId, SUCCESS_CARD);
  expect(await guest.cart.barionStatus({ paymentId })).toMatchObject({ status: 'received' });
  return { order: placed.order, accessKey: placed.accessKey!, paymentId };
}

async function barionState(paymentId: string) {
  clock += 5_001;
  const response = await fetch(`${barion.stand.url}/v4/Payment/${paymentId}/PaymentState`, {
    headers: { 'x-pos-key': barion.config.posKey },
  });
  return (await response.json()) as {
    Status: string;
    Transactions: { TransactionType: string; Total: number; Status: string }[];
  };
}

const refundEmails = (orderNumber: string) =>
  db.prisma.emailOutbox.findMany({
    where: { templateKey: 'refund_issued', subject: { contains: orderNumber } },
    orderBy: { id: 'asc' },
  });

describe('refund of a transfer or cash-on-delivery order', () => {
  it('needs a valid Hungarian bank account, and records the refund with it', async () => {
    const { order } = await paidOfflineOrder(shop.payment.transfer);
    const mug = order.lines[0]!;
    const byLine = { id: order.id, lines: [{ line: mug.id, quantity: 1 }] };

    await expectTrpcError(adminCaller.order.refund(byLine), 'BAD_REQUEST', BANK_ACCOUNT_REQUIRED);
    await expectTrpcError(
      adminCaller.order.refund({ ...byLine, bankAccount: '1177-3016' }),
      'BAD_REQUEST',
      BANK_ACCOUNT_FORMAT_MESSAGE,
    );
    await expectTrpcError(
      adminCaller.order.refund({ ...byLine, bankAccount: '11773016-11111019' }),
      'BAD_REQUEST',
      BANK_ACCOUNT_CHECKSUM_MESSAGE,
    );
    expect(await db.prisma.refund.count({ where: { orderId: order.id } })).toBe(0);

    const { refund, order: after } = await adminCaller.order.refund({
      ...byLine,
      bankAccount: '11773016 11111018',
      note: 'Törött bögre',
    });
    expect(refund).toMatchObject({
      status: 'succeeded',
      provider: 'bank_transfer',
      amount: 3990,
      bankAccount: ACCOUNT,
      note: 'Törött bögre',
      lines: [{ line: mug.id, title: 'Kék bögre', quantity: 1, amount: 3990 }],
    });
    expect(after).toMatchObject({ paid: order.total, refundedTotal: 3990, refundable: order.total - 3990 });
    expect(after.lines.find((line) => line.id === mug.id)?.refundedQuantity).toBe(1);

    const stored = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored).toMatchObject({ status: 'partially_refunded', refundedTotal: 3990 });
    const audit = await db.prisma.orderAuditEntry.findMany({
      where: { orderId: order.id, action: 'refund' },
    });
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'refund',
        actorId: admin.id,
        detail: expect.objectContaining({ amount: 3990, bankAccount: ACCOUNT }),
      }),
    ]);
    const [email] = await refundEmails(order.number);
    expect(email?.to).toBe('vevo@example.hu');
    expect(email?.html).toContain('3\u00a0990\u00a0Ft');
    expect(email?.html).toContain(ACCOUNT);
  });

  it('never refunds more of a line than was ordered, nor more money than was paid', async () => {
    const { order } = await paidOfflineOrder(shop.payment.cod);
    const mug = order.lines[0]!;
    await adminCaller.order.refund({
      id: order.id,
      lines: [{ line: mug.id, quantity: 1 }],
      bankAccount: ACCOUNT,
    });
    await expectTrpcError(
      adminCaller.order.refund({
        id: order.id,
        lines: [{ line: mug.id, quantity: 2 }],
        bankAccount: ACCOUNT,
      }),
      'CONFLICT',
      '„Kék bögre” tételből legfeljebb 1 db téríthető vissza (rendelve 2 db).',
    );
    const other = await placeOrder(shop.payment.cod);
    await expectTrpcError(
      adminCaller.order.refund({
        id: order.id,
        lines: [{ line: other.order.lines[0]!.id, quantity: 1 }],
        bankAccount: ACCOUNT,
      }),
      'BAD_REQUEST',
      'Ez a tétel nem ehhez a rendeléshez tartozik.',
    );

    const left = order.total - 3990;
    await expectTrpcError(
      adminCaller.order.refund({ id: order.id, amount: left + 1, bankAccount: ACCOUNT }),
      'CONFLICT',
      /^Legfeljebb .* téríthető vissza/,
    );
    const full = await adminCaller.order.refund({ id: order.id, amount: left, bankAccount: ACCOUNT });
    expect(full.order).toMatchObject({ refundedTotal: order.total, refundable: 0, canRefund: false });
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('refunded');
    await expectTrpcError(
      adminCaller.order.refund({ id: order.id, amount: 1, bankAccount: ACCOUNT }),
      'CONFLICT',
      'A rendelés teljes összegét már visszatérítettük.',
    );
    expect((await refundEmails(order.number)).length).toBe(2);
  });

  it('keeps the sum within what was paid when many refunds race', async () => {
    const { order } = await paidOfflineOrder(shop.payment.cod);
    const amount = 4000;
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        adminCaller.order.refund({ id: order.id, amount, bankAccount: ACCOUNT }),
      ),
    );
    const succeeded = results.filter((result) => result.status === 'fulfilled').length;
    expect(succeeded).toBe(Math.floor(order.total / amount));
    for (const result of results) {
      if (result.status === 'rejected')
        expect(String(result.reason)).toMatch(/Legfeljebb|nincs visszatéríthető/);
    }
    const stored = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    const sum = await db.prisma.refund.aggregate({
      where: { orderId: order.id, status: 'succeeded' },
      _sum: { amount: true },
    });
    expect(stored.refundedTotal).toBe(succeeded * amount);
    expect(sum._sum.amount).toBe(stored.refundedTotal);
    expect(stored.refundedTotal).toBeLessThanOrEqual(order.total);
  });

  it('answers a retried request with the same Idempotency-Key with the first refund', async () => {
    const { order } = await paidOfflineOrder(shop.payment.transfer);
    const caller = await adminWithKey(`refund-${order.id}`);
    const [first, second] = await Promise.all([
      caller.order.refund({ id: order.id, amount: 1000, bankAccount: ACCOUNT }),
      caller.order.refund({ id: order.id, amount: 1000, bankAccount: ACCOUNT }),
    ]);
    const third = await caller.order.refund({ id: order.id, amount: 1000, bankAccount: ACCOUNT });
    expect(second.refund.id).toBe(first.refund.id);
    expect(third.refund.id).toBe(first.refund.id);
    expect(third.order.refundedTotal).toBe(1000);
    expect(await db.prisma.refund.count({ where: { orderId: order.id } })).toBe(1);

    const another = await paidOfflineOrder(shop.payment.transfer);
    await expectTrpcError(
      caller.order.refund({ id: another.order.id, amount: 1000, bankAccount: ACCOUNT }),
      'CONFLICT',
      REFUND_KEY_USED,
    );
  });

  it('refuses to refund an unshipped cash-on-delivery order nobody has paid, and more than was paid', async () => {
    // The attack of issue #21: an unshipped, unpaid cash-on-delivery order was "refunded" to a bank account.
    const { order } = await placeOrder(shop.payment.cod);
    expect(order).toMatchObject({ status: 'received', paidStatus: 'unpaid', paidTotal: 0 });
    await expectTrpcError(
      adminCaller.order.refund({ id: order.id, amount: order.total, bankAccount: ACCOUNT }),
      'CONFLICT',
      REFUND_NOTHING_PAID,
    );
    expect(await adminCaller.order.refunds({ id: order.id })).toMatchObject({
      paid: 0,
      refundable: 0,
      canRefund: false,
      blockedReason: REFUND_NOTHING_PAID,
    });

    // A part paid (e.g. a deposit by transfer) is all that can go back.
    await adminCaller.order.recordPayment({ id: order.id, amount: 5000 });
    await expectTrpcError(
      adminCaller.order.refund({ id: order.id, amount: 5001, bankAccount: ACCOUNT }),
      'CONFLICT',
      /^Legfeljebb 5\u00a0000\u00a0Ft téríthető vissza \(fizetve 5\u00a0000\u00a0Ft/,
    );
    const { order: after } = await adminCaller.order.refund({
      id: order.id,
      amount: 5000,
      bankAccount: ACCOUNT,
    });
    expect(after).toMatchObject({ paid: 5000, refundedTotal: 5000, refundable: 0 });
    // Everything paid came back: the order is refunded, though its total was never paid in full.
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('refunded');
    expect(await db.prisma.refund.count({ where: { orderId: order.id, status: 'succeeded' } })).toBe(1);
  });

  it('refuses a cancelled order and an input without amount or lines', async () => {
    const { order } = await placeOrder(shop.payment.cod);
    await expectTrpcError(
      adminCaller.order.refund({ id: order.id, bankAccount: ACCOUNT }),
      'BAD_REQUEST',
      'Add meg a visszatérítendő összeget vagy a tételeket.',
    );
    await db.prisma.order.update({ where: { id: order.id }, data: { status: 'cancelled' } });
    await expectTrpcError(
      adminCaller.order.refund({ id: order.id, amount: 100, bankAccount: ACCOUNT }),
      'CONFLICT',
      REFUND_NOTHING_PAID,
    );
    await expectTrpcError(adminCaller.order.refund({ id: 999_999, amount: 100 }), 'NOT_FOUND');
  });
});

describe('refund of a card order through Barion', () => {
  it('refunds a paid card order the admin cancelled, in full', async () => {
    const { order } = await paidCardOrder();
    await adminCaller.order.setStatus({ id: order.id, status: 'cancelled' });
    const { order: after } = await adminCaller.order.refund({ id: order.id, amount: order.total });
    expect(after).toMatchObject({ refundedTotal: order.total, refundable: 0 });
    const stored = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored).toMatchObject({ status: 'refunded', refundedTotal: order.total });
  });

  it('refunds part of the payment at Barion, which stays Succeeded, and its callback changes nothing', async () => {
    const { order, paymentId } = await paidCardOrder();
    const plate = order.lines[1]!;
    const { refund, order: after } = await adminCaller.order.refund({
      id: order.id,
      lines: [{ line: plate.id, quantity: 1 }],
    });
    expect(refund).toMatchObject({
      status: 'succeeded',
      provider: 'barion',
      amount: 2490,
      bankAccount: null,
      providerTransactionId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(after).toMatchObject({ paid: order.total, refundedTotal: 2490, needsBankAccount: false });

    const state = await barionState(paymentId);
    expect(state.Status).toBe('Succeeded');
    expect(state.Transactions.filter((t) => t.TransactionType === 'Refund')).toEqual([
      expect.objectContaining({ Total: 2490, Status: 'Succeeded' }),
    ]);
    const payment = await db.prisma.payment.findUniqueOrThrow({
      where: { providerPaymentId: paymentId },
      include: { events: true },
    });
    expect(payment.status).toBe('succeeded');
    expect(payment.events.filter((event) => event.kind === 'refund')).toEqual([
      expect.objectContaining({
        providerStatus: 'Succeeded',
        detail: expect.objectContaining({ amount: 2490, refundTransactionId: refund.providerTransactionId }),
      }),
    ]);

    // What Barion's callback after the refund makes the shop do: ask and apply the state.
    const outboxBefore = await db.prisma.emailOutbox.count();
    const historyBefore = await db.prisma.orderStatusChange.count({ where: { orderId: order.id } });
    await syncBarionPayment({ prisma: db.prisma, barion: barion.config }, paymentId, { force: true });
    const stored = await db.prisma.order.findUniqueOrThrow({
      where: { id: order.id },
      include: { payments: true },
    });
    expect(stored).toMatchObject({ status: 'partially_refunded', refundedTotal: 2490 });
    expect(stored.payments.map((p) => p.status)).toEqual(['succeeded']);
    expect(await db.prisma.emailOutbox.count()).toBe(outboxBefore);
    expect(await db.prisma.orderStatusChange.count({ where: { orderId: order.id } })).toBe(historyBefore);

    // The rest of the money: the order ends refunded, Barion holds both refunds.
    await adminCaller.order.refund({ id: order.id, amount: order.total - 2490 });
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('refunded');
    const refunds = (await barionState(paymentId)).Transactions.filter((t) => t.TransactionType === 'Refund');
    expect(refunds.map((t) => t.Total)).toEqual([2490, order.total - 2490]);
  });

  it('lets only one of two racing refunds of most of the money through', async () => {
    const { order, paymentId } = await paidCardOrder();
    const amount = Math.ceil(order.total * 0.6);
    const results = await Promise.allSettled([
      adminCaller.order.refund({ id: order.id, amount }),
      adminCaller.order.refund({ id: order.id, amount }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refunds = (await barionState(paymentId)).Transactions.filter((t) => t.TransactionType === 'Refund');
    expect(refunds.map((t) => t.Total)).toEqual([amount]);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedTotal).toBe(amount);
  });

  it('refunds once for a double click with one Idempotency-Key', async () => {
    const { order, paymentId } = await paidCardOrder();
    const caller = await adminWithKey(`card-refund-${order.id}`);
    const [first, second] = await Promise.all([
      caller.order.refund({ id: order.id, amount: 1500 }),
      caller.order.refund({ id: order.id, amount: 1500 }),
    ]);
    const again = await caller.order.refund({ id: order.id, amount: 1500 });
    expect(new Set([first.refund.id, second.refund.id, again.refund.id]).size).toBe(1);
    expect(again.refund.status).toBe('succeeded');
    const refunds = (await barionState(paymentId)).Transactions.filter((t) => t.TransactionType === 'Refund');
    expect(refunds.map((t) => t.Total)).toEqual([1500]);
  });

  it('leaves nothing refunded and says so in Hungarian when Barion refuses, and a retry may succeed', async () => {
    const { order, paymentId } = await paidCardOrder();
    const refused = await callerFor(db.prisma, {
      token: admin.token,
      barion: { ...barion.config, posKey: 'f'.repeat(32) },
      idempotencyKey: `refused-${order.id}`,
    });
    await expectTrpcError(
      refused.order.refund({ id: order.id, amount: 1000 }),
      'CONFLICT',
      /^A Barion nem hajtotta végre a visszatérítést \(.*\)\. Semmi nem került visszatérítésre/,
    );
    const down = await callerFor(db.prisma, {
      token: admin.token,
      barion: { ...barion.config, apiUrl: 'http://127.0.0.1:9/barion' },
    });
    await expectTrpcError(
      down.order.refund({ id: order.id, amount: 1000 }),
      'SERVICE_UNAVAILABLE',
      /nem érkezett válasz.*próbáld újra néhány perc múlva/,
    );
    const stored = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored).toMatchObject({ status: 'received', refundedTotal: 0 });
    expect(
      (await db.prisma.refund.findMany({ where: { orderId: order.id } })).map((refund) => refund.status),
    ).toEqual(['failed', 'failed']);
    expect(await refundEmails(order.number)).toEqual([]);
    expect((await barionState(paymentId)).Transactions.some((t) => t.TransactionType === 'Refund')).toBe(
      false,
    );

    // The failed attempt freed its key: the admin's retry with it is a new, working refund.
    const retry = await adminWithKey(`refused-${order.id}`);
    const { refund } = await retry.order.refund({ id: order.id, amount: 1000 });
    expect(refund.status).toBe('succeeded');
  });

  it('refuses a card order whose payment has not succeeded', async () => {
    const placed = await placeOrder(shop.payment.card);
    await db.prisma.order.update({ where: { id: placed.order.id }, data: { status: 'received' } });
    await expectTrpcError(
      adminCaller.order.refund({ id: placed.order.id, amount: 100 }),
      'CONFLICT',
      'A rendelés bankkártyás fizetése nem sikerült, így nincs mit visszatéríteni.',
    );
  });
});
