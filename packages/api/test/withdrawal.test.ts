import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBudapestTime } from '../src/services/email/format';
import { ORDER_NOT_FOUND } from '../src/services/orders/order-read';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

const DAY = 24 * 3600 * 1000;
const ACCOUNT = '11773016-11111018';

let db: Database;
let shop: Shop;
let guest: Caller;
let admin: SignedIn;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  guest = await callerFor(db.prisma);
  admin = await createAdmin(db.prisma);
});
afterAll(() => db?.close());

/** A guest's order of two mugs and a plate, paid on delivery; answered with its private link's key. */
async function guestOrder() {
  const placed = await guest.cart.order(
    orderInput(shop, {
      cart: [
        { product: shop.products.mug, quantity: 2 },
        { product: shop.products.plate, quantity: 1 },
      ],
    }),
  );
  return { order: placed.order, key: placed.accessKey! };
}

async function customerOrder(customer: SignedIn) {
  await customer.caller.cart.add({ product: shop.products.mug, quantity: 1 });
  const placed = await customer.caller.cart.order(orderInput(shop));
  return placed.order;
}

/** Delivered some days ago, as the status change to completed records it. */
const completeDaysAgo = (orderId: number, days: number) =>
  db.prisma.order.update({
    where: { id: orderId },
    data: { status: 'completed', completedAt: new Date(Date.now() - days * DAY) },
  });

const receipts = (orderNumber: string) =>
  db.prisma.emailOutbox.findMany({
    where: { templateKey: 'withdrawal_receipt', subject: { contains: orderNumber } },
  });

describe('withdrawal by the customer', () => {
  it('records the owner’s withdrawal from a delivered order and e-mails the receipt with date and time', async () => {
    const customer = await createCustomer(db.prisma);
    const order = await customerOrder(customer);
    await completeDaysAgo(order.id, 3);
    expect((await customer.caller.order.byId({ id: order.id })).withdrawal).toMatchObject({
      available: true,
      deadline: expect.any(String),
      latest: null,
    });

    const before = Date.now();
    const { withdrawal, receiptSentTo } = await customer.caller.order.withdraw({
      id: order.id,
      reason: 'Mégsem kell',
    });
    expect(receiptSentTo).toBe('vevo@example.hu');
    expect(withdrawal).toMatchObject({
      status: 'open',
      name: 'Kovács Anna',
      email: 'vevo@example.hu',
      reason: 'Mégsem kell',
      lines: [{ line: order.lines[0]!.id, title: 'Kék bögre', quantity: 1 }],
    });
    const at = new Date(withdrawal.createdAt);
    expect(at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(withdrawal.refundDeadline).getTime() - at.getTime()).toBe(14 * DAY);

    const [receipt] = await receipts(order.number);
    expect(receipt?.to).toBe('vevo@example.hu');
    expect(receipt?.html).toContain(formatBudapestTime(at));
    expect(receipt?.html).toContain('Kék bögre – 1 db');
    expect(receipt?.html).toContain('Mégsem kell');
    expect(receipt?.html).toContain('Kovács Anna');

    const shown = await customer.caller.order.byId({ id: order.id });
    expect(shown.withdrawal).toMatchObject({
      available: false,
      latest: { id: withdrawal.id, status: 'open', createdAt: withdrawal.createdAt, completedAt: null },
    });
    await expectTrpcError(
      customer.caller.order.withdraw({ id: order.id }),
      'CONFLICT',
      /^Ehhez a rendeléshez már van folyamatban lévő elállási nyilatkozatod/,
    );
    expect(await receipts(order.number)).toHaveLength(1);
  });

  it('makes one withdrawal of a double click', async () => {
    const { order, key } = await guestOrder();
    const results = await Promise.allSettled([
      guest.order.withdraw({ id: order.id, key }),
      guest.order.withdraw({ id: order.id, key }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await db.prisma.withdrawal.count({ where: { orderId: order.id } })).toBe(1);
    expect(await receipts(order.number)).toHaveLength(1);
  });

  it('lets the guest link’s key holder withdraw some lines of an order not yet delivered', async () => {
    const { order, key } = await guestOrder();
    const [mug, plate] = order.lines;
    await expectTrpcError(
      guest.order.withdraw({ id: order.id, key, lines: [{ line: mug!.id, quantity: 3 }] }),
      'CONFLICT',
      '„Kék bögre” tételből legfeljebb 2 db-ról állhatsz el.',
    );
    const { withdrawal } = await guest.order.withdraw({
      id: order.id,
      key,
      lines: [{ line: plate!.id, quantity: 1 }],
    });
    expect(withdrawal.lines).toEqual([{ line: plate!.id, title: 'Porcelán tányér', quantity: 1 }]);
    expect(withdrawal.reason).toBeNull();
    expect((await guest.order.byId({ id: order.id, key })).withdrawal.deadline).toBeNull();
  });

  it('answers 404 to everyone but the owner and the key holder, even an admin', async () => {
    const { order } = await guestOrder();
    const owner = await createCustomer(db.prisma);
    const owned = await customerOrder(owner);
    const stranger = await createCustomer(db.prisma);
    const wrongKey = 'x'.repeat(32);

    await expectTrpcError(guest.order.withdraw({ id: order.id }), 'NOT_FOUND', ORDER_NOT_FOUND);
    await expectTrpcError(
      guest.order.withdraw({ id: order.id, key: wrongKey }),
      'NOT_FOUND',
      ORDER_NOT_FOUND,
    );
    await expectTrpcError(stranger.caller.order.withdraw({ id: owned.id }), 'NOT_FOUND', ORDER_NOT_FOUND);
    await expectTrpcError(admin.caller.order.withdraw({ id: owned.id }), 'NOT_FOUND', ORDER_NOT_FOUND);
    await expectTrpcError(guest.order.withdraw({ id: 999_999, key: wrongKey }), 'NOT_FOUND', ORDER_NOT_FOUND);
    expect(await db.prisma.withdrawal.count({ where: { orderId: { in: [order.id, owned.id] } } })).toBe(0);
  });

  it('is refused after the 14 days, and for cancelled orders, with a Hungarian message', async () => {
    const late = await guestOrder();
    await completeDaysAgo(late.order.id, 16);
    expect((await guest.order.byId({ id: late.order.id, key: late.key })).withdrawal.available).toBe(false);
    await expectTrpcError(
      guest.order.withdraw({ id: late.order.id, key: late.key }),
      'CONFLICT',
      /^Az elállási határidő lejárt: a rendelés teljesítésétől \(.*\) számított 14 nap .* napján véget ért\.$/,
    );

    const inTime = await guestOrder();
    await completeDaysAgo(inTime.order.id, 13);
    await guest.order.withdraw({ id: inTime.order.id, key: inTime.key });

    const cancelled = await guestOrder();
    await db.prisma.order.update({ where: { id: cancelled.order.id }, data: { status: 'cancelled' } });
    await expectTrpcError(
      guest.order.withdraw({ id: cancelled.order.id, key: cancelled.key }),
      'CONFLICT',
      'A törölt rendeléstől nem lehet elállni.',
    );
    expect(await receipts(late.order.number)).toEqual([]);
  });

  it('is completed by the admin’s refund, after which the rest can be withdrawn from', async () => {
    const { order, key } = await guestOrder();
    const [mug, plate] = order.lines;
    const { withdrawal } = await guest.order.withdraw({
      id: order.id,
      key,
      lines: [{ line: mug!.id, quantity: 2 }],
    });
    const refunds = await admin.caller.order.refunds({ id: order.id });
    expect(refunds.withdrawals).toEqual([
      expect.objectContaining({
        id: withdrawal.id,
        status: 'open',
        refundDeadline: withdrawal.refundDeadline,
      }),
    ]);

    // Cash on delivery: the courier's money is recorded before any of it can go back.
    await admin.caller.order.recordPayment({ id: order.id, amount: order.total });
    await admin.caller.order.refund({
      id: order.id,
      lines: [{ line: mug!.id, quantity: 2 }],
      amount: 2 * 3990 + order.shippingMethod.fee,
      bankAccount: ACCOUNT,
      withdrawal: withdrawal.id,
    });
    const after = await admin.caller.order.refunds({ id: order.id });
    expect(after.withdrawals[0]).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
    const audit = await db.prisma.orderAuditEntry.findMany({
      where: { orderId: order.id },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((entry) => entry.action)).toEqual(['payment', 'refund', 'withdrawal_completed']);
    await expectTrpcError(
      admin.caller.order.refund({ id: order.id, amount: 1, bankAccount: ACCOUNT, withdrawal: withdrawal.id }),
      'CONFLICT',
      'Ezt az elállást már lezárták egy visszatérítéssel.',
    );

    const shown = await guest.order.byId({ id: order.id, key });
    expect(shown).toMatchObject({
      status: 'partially_refunded',
      refundedTotal: 2 * 3990 + order.shippingMethod.fee,
      withdrawal: { available: true, latest: { id: withdrawal.id, status: 'completed' } },
    });
    // The refunded mugs are no longer offered; only the plate is left to withdraw from.
    const second = await guest.order.withdraw({ id: order.id, key });
    expect(second.withdrawal.lines).toEqual([{ line: plate!.id, title: 'Porcelán tányér', quantity: 1 }]);
  });
});
