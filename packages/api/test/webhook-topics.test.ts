import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BarionConfig } from '../src/services/payments/barion-client';
import { BARION_STAND_IN_POS_KEY } from '../src/services/payments/barion-config';
import { type StartedBarionStandIn, startBarionStandIn } from '../src/stand-ins/barion';
import { clientCaller } from './account-fixtures';
import { createBuiltInEmailTemplates } from './email-fixtures';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, PAYEE, type Shop } from './order-fixtures';

/** The topics of refunds, withdrawals and customers, queued by the procedures that make the change. */

const SUCCESS_CARD = '4444 8888 8888 5559';
const ACCOUNT = '11773016-11111018';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let db: Database;
let shop: Shop;
let barion: { stand: StartedBarionStandIn; config: BarionConfig };
let guest: Caller;
let admin: SignedIn;
let endpointId: number;
let clock = Date.now();

beforeAll(async () => {
  db = await createTestDatabase();
  await createBuiltInEmailTemplates(db.prisma);
  shop = await createShop(db.prisma);
  const stand = await startBarionStandIn({
    posKey: BARION_STAND_IN_POS_KEY,
    retryDelaysMs: [50, 100],
    now: () => clock,
  });
  barion = { stand, config: { apiUrl: stand.url, posKey: BARION_STAND_IN_POS_KEY, payee: PAYEE } };
  guest = await callerFor(db.prisma, { barion: barion.config });
  admin = await createAdmin(db.prisma);
});
afterAll(async () => {
  await barion?.stand.close();
  await db?.close();
});
beforeEach(async () => {
  await db.prisma.webhookDelivery.deleteMany();
  await db.prisma.webhookEndpoint.deleteMany();
  endpointId = (
    await db.prisma.webhookEndpoint.create({
      data: {
        url: 'https://erp.example.hu/hook',
        secret: 'titok',
        events: ['refund.created', 'withdrawal.received', 'withdrawal.completed', 'customer.changed'],
      },
      select: { id: true },
    })
  ).id;
});

/** What the endpoint was sent of `event`, oldest first: each delivery's `data`. */
async function heard(event: string): Promise<Record<string, unknown>[]> {
  const rows = await db.prisma.webhookDelivery.findMany({
    where: { endpointId, event },
    orderBy: { id: 'asc' },
    select: { body: true },
  });
  return rows.map((row) => JSON.parse(row.body).data);
}

const adminCaller = (idempotencyKey?: string) =>
  callerFor(db.prisma, { token: admin.token, barion: barion.config, idempotencyKey });

/** Two mugs (3 990 Ft each) and a plate, as a guest. */
async function placeOrder(paymentMethod: number) {
  return guest.cart.order(
    orderInput(shop, {
      cart: [
        { product: shop.products.mug, quantity: 2 },
        { product: shop.products.plate, quantity: 1 },
      ],
      paymentMethod,
    }),
  );
}

async function paidTransferOrder() {
  const placed = await placeOrder(shop.payment.transfer);
  await (await adminCaller()).order.recordPayment({ id: placed.order.id, amount: placed.order.total });
  return placed.order;
}

describe('refund.created', () => {
  it('is queued once for a refund retried with its Idempotency-Key, with the order after it', async () => {
    const order = await paidTransferOrder();
    const mug = order.lines[0]!;
    const caller = await adminCaller(`hook-refund-${order.id}`);
    const input = {
      id: order.id,
      lines: [{ line: mug.id, quantity: 1 }],
      bankAccount: ACCOUNT,
      note: 'Törött bögre',
    };
    const [first] = await Promise.all([caller.order.refund(input), caller.order.refund(input)]);
    await caller.order.refund(input);

    expect(await heard('refund.created')).toEqual([
      {
        id: first.refund.id,
        order: { id: order.id, number: order.number, status: 'partially_refunded', refundedTotal: 3990 },
        amount: 3990,
        provider: 'bank_transfer',
        note: 'Törött bögre',
        withdrawal: null,
        lines: [{ line: mug.id, title: 'Kék bögre', quantity: 1, amount: 3990 }],
        createdAt: first.refund.createdAt,
      },
    ]);
    // The payload holds no bank account: it is personal data the receiver does not need.
    const [delivery] = await db.prisma.webhookDelivery.findMany({ where: { endpointId } });
    expect(delivery?.body).not.toContain('11773016');
  });

  it('is not queued for a refund that is refused, nor for one Barion refuses', async () => {
    const order = await paidTransferOrder();
    const caller = await adminCaller();
    await expectTrpcError(
      caller.order.refund({ id: order.id, amount: order.total + 1, bankAccount: ACCOUNT }),
      'CONFLICT',
    );

    const card = await placeOrder(shop.payment.card);
    const paymentId = card.payment!.paymentId;
    barion.stand.standIn.payWithCard(paymentId, SUCCESS_CARD);
    clock += 5_001;
    expect(await guest.cart.barionStatus({ paymentId })).toMatchObject({ status: 'received' });
    const refused = await callerFor(db.prisma, {
      token: admin.token,
      barion: { ...barion.config, posKey: 'f'.repeat(32) },
    });
    await expectTrpcError(refused.order.refund({ id: card.order.id, amount: 1000 }), 'CONFLICT');
    expect(await db.prisma.refund.count({ where: { orderId: card.order.id, status: 'failed' } })).toBe(1);
    expect(await heard('refund.created')).toEqual([]);

    // The card refund that Barion carries out is heard once it succeeded, not while it was pending.
    const { refund } = await (await adminCaller()).order.refund({ id: card.order.id, amount: 1000 });
    expect(await heard('refund.created')).toEqual([
      expect.objectContaining({
        id: refund.id,
        provider: 'barion',
        amount: 1000,
        order: expect.objectContaining({ id: card.order.id, refundedTotal: 1000 }),
      }),
    ]);
  });
});

describe('withdrawal.received and withdrawal.completed', () => {
  it('hears one withdrawal of a double click, and its completion with the refund that closes it', async () => {
    const placed = await placeOrder(shop.payment.cod);
    const { order } = placed;
    const key = placed.accessKey!;
    const [mug] = order.lines;
    const results = await Promise.allSettled([
      guest.order.withdraw({ id: order.id, key, lines: [{ line: mug!.id, quantity: 2 }], reason: 'Kicsi' }),
      guest.order.withdraw({ id: order.id, key, lines: [{ line: mug!.id, quantity: 2 }], reason: 'Kicsi' }),
    ]);
    const withdrawal = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))[0]!
      .withdrawal;
    const received = {
      id: withdrawal.id,
      order: { id: order.id, number: order.number },
      status: 'open',
      reason: 'Kicsi',
      lines: [{ line: mug!.id, title: 'Kék bögre', quantity: 2 }],
      createdAt: withdrawal.createdAt,
      refundDeadline: withdrawal.refundDeadline,
      completedAt: null,
      refund: null,
    };
    expect(await heard('withdrawal.received')).toEqual([received]);
    expect(JSON.stringify(await heard('withdrawal.received'))).not.toContain(withdrawal.email);
    expect(await heard('withdrawal.completed')).toEqual([]);

    const caller = await adminCaller();
    await caller.order.recordPayment({ id: order.id, amount: order.total });
    const { refund } = await caller.order.refund({
      id: order.id,
      lines: [{ line: mug!.id, quantity: 2 }],
      bankAccount: ACCOUNT,
      withdrawal: withdrawal.id,
    });
    expect(await heard('withdrawal.completed')).toEqual([
      { ...received, status: 'completed', completedAt: expect.stringMatching(ISO), refund: refund.id },
    ]);
    expect(await heard('refund.created')).toEqual([
      expect.objectContaining({ id: refund.id, withdrawal: withdrawal.id }),
    ]);
    expect(await heard('withdrawal.received')).toHaveLength(1);
  });
});

describe('customer.changed', () => {
  /** `updatedAt` as the admin's customer detail (GET /api/customer/{id}) answers it. */
  const detailUpdatedAt = async (id: number) => (await admin.caller.customer.byId({ id })).updatedAt;

  it('is queued when a customer registers, with the id and the updatedAt the REST detail answers', async () => {
    const visitor = await clientCaller(db.prisma);
    const { token } = await visitor.user.signup({
      email: 'webhook-uj@example.hu',
      password: 'Uj-jelszo-2026',
      firstName: 'Anna',
      lastName: 'Kovács',
      newsletter: false,
      acceptTerms: true,
    });
    const { id } = await (await clientCaller(db.prisma, { token })).user.details();
    expect(await heard('customer.changed')).toEqual([
      { id, change: 'created', updatedAt: await detailUpdatedAt(id) },
    ]);
  });

  it('is queued once per change of the own details, e-mail and addresses', async () => {
    const customer = await createCustomer(db.prisma);
    const { caller } = customer;
    await caller.user.updateDetails({ phone: '+36 20 987 6543' });
    const afterDetails = await detailUpdatedAt(customer.id);
    await caller.user.changeEmail({ password: customer.password, email: `uj-${customer.email}` });
    const address = await caller.user.addressCreate({
      type: 'shipping',
      name: 'Otthon',
      postcode: '1137',
      city: 'Budapest',
      street: 'Pozsonyi út 23.',
    });
    await caller.user.addressUpdate({ id: address.id, city: 'Budapest XIII.' });
    await caller.user.addressDelete({ id: address.id });

    const changes = await heard('customer.changed');
    expect(changes.map((data) => [data.id, data.change])).toEqual(
      Array.from({ length: 5 }, () => [customer.id, 'updated']),
    );
    expect(changes[0]?.updatedAt).toBe(afterDetails);
    // An address change moves the customer's updatedAt on, so the last event names the detail's time.
    expect(changes.at(-1)?.updatedAt).toBe(await detailUpdatedAt(customer.id));
    expect(Date.parse(String(changes.at(-1)?.updatedAt))).toBeGreaterThan(Date.parse(afterDetails));
  });

  it('is queued when an order as a company remembers the billing address, not when it is known', async () => {
    const company = {
      name: 'Kovács Anna',
      postcode: '1137',
      city: 'Budapest',
      street: 'Pozsonyi út 23.',
      companyName: 'Bögre Kft.',
      taxNumber: '12345676-2-42',
    };
    const customer = await createCustomer(db.prisma);
    for (let round = 0; round < 2; round += 1) {
      await customer.caller.cart.add({ product: shop.products.mug, quantity: 1 });
      await customer.caller.cart.order(orderInput(shop, { billingAddress: company }));
    }
    await guest.cart.order(
      orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 1 }], billingAddress: company }),
    );
    expect((await customer.caller.user.addressList()).items.map((address) => address.type)).toEqual([
      'billing',
    ]);
    expect(await heard('customer.changed')).toEqual([
      { id: customer.id, change: 'updated', updatedAt: await detailUpdatedAt(customer.id) },
    ]);
  });

  it('is not queued for a refused change, nor for an admin account, only for the change made', async () => {
    const customer = await createCustomer(db.prisma);
    await expectTrpcError(customer.caller.user.addressDelete({ id: 999_999 }), 'NOT_FOUND');
    await expectTrpcError(
      customer.caller.user.changeEmail({ password: 'rossz-jelszo-1', email: 'mas@example.hu' }),
      'BAD_REQUEST',
    );
    await admin.caller.user.updateDetails({ firstName: 'Főnök' });
    expect(await heard('customer.changed')).toEqual([]);
    await customer.caller.user.updateDetails({ firstName: 'Végre' });
    expect(await heard('customer.changed')).toEqual([expect.objectContaining({ id: customer.id })]);
  });

  it('is queued by the admin’s edit and group change of a customer', async () => {
    const customer = await createCustomer(db.prisma);
    const group = await db.prisma.customerGroup.create({
      data: { name: `Viszonteladó ${customer.id}`, discountPercent: 10 },
      select: { id: true },
    });
    await admin.caller.user.update({ id: customer.id, lastName: 'Szabó' });
    await admin.caller.user.changeGroup({ userId: customer.id, groupId: group.id });
    const changes = await heard('customer.changed');
    expect(changes.map((data) => [data.id, data.change])).toEqual([
      [customer.id, 'updated'],
      [customer.id, 'updated'],
    ]);
    expect(changes[1]?.updatedAt).toBe(await detailUpdatedAt(customer.id));
  });

  it('says deleted, with no personal data, when a customer deletes the account', async () => {
    const customer = await createCustomer(db.prisma);
    await customer.caller.user.updateDetails({ phone: '+36 30 111 2222', companyName: 'Titok Kft.' });
    await db.prisma.webhookDelivery.deleteMany();
    const before = Date.now();
    expect(await customer.caller.user.deleteAccount({ password: customer.password })).toEqual({ ok: true });

    const changes = await heard('customer.changed');
    expect(changes).toEqual([{ id: customer.id, change: 'deleted', updatedAt: expect.stringMatching(ISO) }]);
    expect(Date.parse(String(changes[0]?.updatedAt))).toBeGreaterThanOrEqual(before - 1000);
    const [delivery] = await db.prisma.webhookDelivery.findMany({ where: { endpointId } });
    for (const personal of [customer.email, 'Teszt', '111 2222', 'Titok']) {
      expect(delivery?.body).not.toContain(personal);
    }
  });

  it('says deleted when the admin deletes a customer whose orders keep the account anonymised', async () => {
    const customer = await createCustomer(db.prisma);
    await customer.caller.cart.add({ product: shop.products.mug, quantity: 1 });
    await customer.caller.cart.order(orderInput(shop));
    await db.prisma.webhookDelivery.deleteMany();
    expect(await admin.caller.user.delete({ id: customer.id })).toEqual({ ok: true, anonymized: true });
    expect(await heard('customer.changed')).toEqual([
      { id: customer.id, change: 'deleted', updatedAt: await detailUpdatedAt(customer.id) },
    ]);
  });
});
