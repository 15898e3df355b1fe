import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_PAYMENT_NOT_RECORDABLE,
  PAID_AT_IN_FUTURE,
  PAYMENT_KEY_USED,
} from '../src/services/payments/recorded-payment';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

let db: Database;
let shop: Shop;
let admin: SignedIn;
let guest: Caller;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
  guest = await callerFor(db.prisma);
});
afterAll(async () => {
  await db?.close();
});

async function placeOrder(paymentMethod: number) {
  const placed = await guest.cart.order(
    orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 2 }], paymentMethod }),
  );
  return placed.order;
}

const adminWithKey = (idempotencyKey: string) => callerFor(db.prisma, { token: admin.token, idempotencyKey });

const payments = (orderId: number) =>
  db.prisma.payment.findMany({
    where: { orderId },
    orderBy: { id: 'asc' },
    select: { provider: true, status: true, amount: true, completedAt: true },
  });

describe('cash on delivery and transfer are unpaid until the money is recorded', () => {
  it('places them unpaid; moving statuses pays nothing, completing cash on delivery records the collected money', async () => {
    const cod = await placeOrder(shop.payment.cod);
    expect(cod).toMatchObject({ status: 'received', paidStatus: 'unpaid', paidTotal: 0, paidAt: null });
    expect(cod.paymentState).toBe('none');

    for (const status of ['processing', 'shipped'] as const) {
      const moved = await admin.caller.order.setStatus({ id: cod.id, status });
      expect(moved).toMatchObject({ status, paidStatus: 'unpaid', paidTotal: 0 });
    }
    // Delivered: the courier took the money at the door.
    const completed = await admin.caller.order.setStatus({ id: cod.id, status: 'completed' });
    expect(completed).toMatchObject({ paidStatus: 'paid', paidTotal: cod.total, paymentState: 'none' });
    expect(completed.paidAt).toBe(completed.completedAt);
    expect(await payments(cod.id)).toEqual([
      expect.objectContaining({ provider: 'cash_on_delivery', status: 'succeeded', amount: cod.total }),
    ]);
    // The admin's page says the same: money received, and no online payment.
    expect((await admin.caller.order.adminById({ id: cod.id })).order).toMatchObject({
      paidStatus: 'paid',
      paymentState: 'none',
    });

    const transfer = await placeOrder(shop.payment.transfer);
    for (const status of ['processing', 'packed', 'shipped', 'completed'] as const) {
      await admin.caller.order.setStatus({ id: transfer.id, status });
    }
    const done = await admin.caller.order.byId({ id: transfer.id });
    expect(done).toMatchObject({ status: 'completed', paidStatus: 'unpaid', paidTotal: 0 });
    expect(await payments(transfer.id)).toEqual([]);

    // The admin's list tells them apart at a glance.
    const listed = async (number: string) =>
      (await admin.caller.order.list({ search: number })).items.find((item) => item.number === number);
    expect(await listed(cod.number)).toMatchObject({ paidStatus: 'paid', paymentState: 'none' });
    expect(await listed(transfer.number)).toMatchObject({ paidStatus: 'unpaid', paymentState: 'none' });
  });

  it('records a transfer in parts, once per double click, never above the total, audited', async () => {
    const order = await placeOrder(shop.payment.transfer);
    const paidAt = '2026-11-20T09:30:00+01:00';
    const caller = await adminWithKey(`payment-${order.id}`);
    const [first, second] = await Promise.all([
      caller.order.recordPayment({ id: order.id, amount: 3000, paidAt, note: 'Előleg' }),
      caller.order.recordPayment({ id: order.id, amount: 3000, paidAt, note: 'Előleg' }),
    ]);
    expect(first).toMatchObject({ paidStatus: 'partially_paid', paidTotal: 3000, paidAt: null });
    expect(second.paidTotal).toBe(3000);
    // The same payment again without a key (an ERP's retry of one bank line): the same amount and time.
    const retried = await admin.caller.order.recordPayment({ id: order.id, amount: 3000, paidAt });
    expect(retried.paidTotal).toBe(3000);
    expect(await payments(order.id)).toEqual([
      {
        provider: 'bank_transfer',
        status: 'succeeded',
        amount: 3000,
        completedAt: new Date('2026-11-20T08:30:00Z'),
      },
    ]);

    const rest = order.total - 3000;
    await expectTrpcError(
      admin.caller.order.recordPayment({ id: order.id, amount: rest + 1 }),
      'CONFLICT',
      /^Legfeljebb .* rögzíthető \(végösszeg .*, eddig fizetve 3\u00a0000\u00a0Ft\)\.$/,
    );
    const paid = await admin.caller.order.recordPayment({ id: order.id, amount: rest });
    expect(paid).toMatchObject({ paidStatus: 'paid', paidTotal: order.total });
    expect(paid.paidAt).not.toBeNull();
    await expectTrpcError(
      admin.caller.order.recordPayment({ id: order.id, amount: 1 }),
      'CONFLICT',
      'A rendelés már teljesen ki van fizetve, nincs mit rögzíteni.',
    );
    // The key answered one order; another order cannot reuse it.
    const other = await placeOrder(shop.payment.transfer);
    await expectTrpcError(
      caller.order.recordPayment({ id: other.id, amount: 100 }),
      'CONFLICT',
      PAYMENT_KEY_USED,
    );

    const audit = await db.prisma.orderAuditEntry.findMany({
      where: { orderId: order.id },
      orderBy: { id: 'asc' },
      select: { action: true, actorId: true, detail: true },
    });
    expect(audit).toEqual([
      {
        action: 'payment',
        actorId: admin.id,
        detail: expect.objectContaining({ amount: 3000, paidTotal: 3000, note: 'Előleg' }),
      },
      {
        action: 'payment',
        actorId: admin.id,
        detail: expect.objectContaining({ amount: rest, paidTotal: order.total }),
      },
    ]);
    const detail = await admin.caller.order.adminById({ id: order.id });
    expect(detail.payments.map((payment) => payment.events.map((event) => event.kind))).toEqual([
      ['recorded'],
      ['recorded'],
    ]);
  });

  it('lets an API key with orders:write record money, and refuses card orders, bad input and shoppers', async () => {
    const { key } = await admin.caller.apikey.create({ name: 'Könyvelés', scopes: ['orders:write'] });
    const { key: readOnly } = await admin.caller.apikey.create({ name: 'Riport', scopes: ['orders:read'] });
    const erp = await callerFor(db.prisma, { token: key });
    const order = await placeOrder(shop.payment.cod);
    const recorded = await erp.order.recordPayment({ id: order.id, amount: order.total });
    expect(recorded).toMatchObject({ paidStatus: 'paid' });
    const [entry] = await db.prisma.orderAuditEntry.findMany({ where: { orderId: order.id } });
    expect(entry).toMatchObject({ action: 'payment', actorId: null, detail: { apiKey: 'Könyvelés' } });

    await expectTrpcError(
      (await callerFor(db.prisma, { token: readOnly })).order.recordPayment({ id: order.id, amount: 1 }),
      'FORBIDDEN',
    );
    const customer = await createCustomer(db.prisma);
    await expectTrpcError(customer.caller.order.recordPayment({ id: order.id, amount: 1 }), 'FORBIDDEN');

    const card = await placeOrder(shop.payment.card);
    await expectTrpcError(
      admin.caller.order.recordPayment({ id: card.id, amount: 100 }),
      'CONFLICT',
      CARD_PAYMENT_NOT_RECORDABLE,
    );
    await expectTrpcError(
      admin.caller.order.recordPayment({ id: order.id, amount: 0 }),
      'BAD_REQUEST',
      'Az összeg legalább 1 Ft.',
    );
    await expectTrpcError(
      admin.caller.order.recordPayment({ id: order.id, amount: 100, paidAt: 'tegnap' }),
      'BAD_REQUEST',
      /ISO 8601/,
    );
    await expectTrpcError(
      admin.caller.order.recordPayment({
        id: order.id,
        amount: 100,
        paidAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
      'BAD_REQUEST',
      PAID_AT_IN_FUTURE,
    );
    await expectTrpcError(admin.caller.order.recordPayment({ id: 999_999, amount: 100 }), 'NOT_FOUND');
  });

  it('invoices a transfer order "fizetéskor" when its money is recorded, not when it moves into fulfilment', async () => {
    await db.prisma.invoiceSetting.upsert({
      where: { id: 1 },
      create: { id: 1, enabled: true, offlineIssueOn: 'paid' },
      update: { enabled: true, offlineIssueOn: 'paid' },
    });
    try {
      const order = await placeOrder(shop.payment.transfer);
      const invoices = () => db.prisma.invoice.count({ where: { orderId: order.id, kind: 'invoice' } });
      await admin.caller.order.setStatus({ id: order.id, status: 'processing' });
      expect(await invoices()).toBe(0);
      await admin.caller.order.recordPayment({ id: order.id, amount: 1000 });
      expect(await invoices()).toBe(0);
      await admin.caller.order.recordPayment({ id: order.id, amount: order.total - 1000 });
      expect(await invoices()).toBe(1);
    } finally {
      await db.prisma.invoiceSetting.update({ where: { id: 1 }, data: { offlineIssueOn: 'completed' } });
    }
  });
});
