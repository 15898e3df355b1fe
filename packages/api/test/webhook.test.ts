import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContext } from '../src/context';
import { createCaller } from '../src/index';
import type { TWebhookEvent } from '../src/schemas';
import type { BarionConfig } from '../src/services/payments/barion-client';
import { runWebhooksOnce } from '../src/services/webhooks/delivery-worker';
import {
  DELIVERY_ALREADY_DELIVERED,
  DELIVERY_NOT_FOUND,
  TEST_MESSAGE,
} from '../src/services/webhooks/endpoints';
import { verifyWebhookSignature } from '../src/services/webhooks/signature';
import { PRIVATE_TARGET_REFUSED } from '../src/services/webhooks/target';
import type { StartedBarionStandIn } from '../src/stand-ins/barion';
import { startWebhookReceiver, type WebhookReceiver } from '../src/testing';
import { type Caller, callerFor, createAdmin, createCustomer } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop, startBarion } from './order-fixtures';

let db: Database;
let receiver: WebhookReceiver;
let shop: Shop;
let barion: { stand: StartedBarionStandIn; config: BarionConfig };
/** An admin whose server lets webhooks reach this machine (the receiver listens on 127.0.0.1). */
let admin: Caller;
/** The same admin on a server with the production rule: no private targets. */
let strictAdmin: Caller;
let guest: Caller;

beforeAll(async () => {
  db = await createTestDatabase();
  receiver = await startWebhookReceiver();
  shop = await createShop(db.prisma);
  barion = await startBarion();
  const { token } = await createAdmin(db.prisma);
  admin = createCaller(
    await createContext({
      prisma: db.prisma,
      headers: new Headers({ token }),
      allowPrivateWebhookTargets: true,
    }),
  );
  strictAdmin = await callerFor(db.prisma, { token });
  guest = await callerFor(db.prisma, { barion: barion.config });
});
afterAll(async () => {
  await barion?.stand.close();
  await receiver?.close();
  await db?.close();
});
beforeEach(async () => {
  await db.prisma.webhookDelivery.deleteMany();
  await db.prisma.webhookEndpoint.deleteMany();
  receiver.clear();
});

const subscribe = (events: TWebhookEvent[], path = '/hook') =>
  admin.webhook.create({ url: `${receiver.url}${path}`, events });

const deliveriesOf = (event: string) =>
  db.prisma.webhookDelivery.findMany({ where: { event }, orderBy: { endpointId: 'asc' } });

describe('webhook endpoints', () => {
  it('answers the secret once at creation; the list shows url, events and time, never the secret', async () => {
    const created = await admin.webhook.create({
      url: 'https://erp.example.hu/webhook',
      events: ['order.created', 'stock.changed'],
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const list = (await admin.webhook.list()).items;
    expect(list).toEqual([
      {
        id: created.id,
        url: 'https://erp.example.hu/webhook',
        events: ['order.created', 'stock.changed'],
        createdAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    expect(JSON.stringify(await admin.webhook.deliveries({ id: created.id }))).not.toContain(created.secret);

    await expect(admin.webhook.delete({ id: created.id })).resolves.toEqual({ ok: true });
    expect((await admin.webhook.list()).items).toEqual([]);
    // A retried delete changes nothing; an unknown endpoint is a 404.
    await expect(admin.webhook.delete({ id: created.id })).resolves.toEqual({ ok: true });
    await expectTrpcError(admin.webhook.delete({ id: created.id + 1000 }), 'NOT_FOUND', /webhook-végpont/);
  });

  it('refuses a URL that is not http(s), carries credentials, or names no event, in Hungarian', async () => {
    await expectTrpcError(
      admin.webhook.create({ url: 'ftp://erp.example.hu/x', events: ['order.created'] }),
      'BAD_REQUEST',
      /url.*http/,
    );
    await expectTrpcError(
      admin.webhook.create({ url: 'https://user:pass@erp.example.hu/x', events: ['order.created'] }),
      'BAD_REQUEST',
      /jelszót/,
    );
    await expectTrpcError(
      admin.webhook.create({ url: 'https://erp.example.hu/x', events: [] }),
      'BAD_REQUEST',
      /eseményt/,
    );
    await expectTrpcError(
      admin.webhook.create({ url: 'https://erp.example.hu/x', events: ['order.deleted' as TWebhookEvent] }),
      'BAD_REQUEST',
      /Ismeretlen esemény/,
    );
  });

  it('refuses loopback and private targets on a server that does not allow them', async () => {
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://localhost/x',
      'http://[::1]/x',
      'http://10.1.2.3/x',
      'http://169.254.169.254/latest',
    ]) {
      const error = await expectTrpcError(
        strictAdmin.webhook.create({ url, events: ['order.created'] }),
        'BAD_REQUEST',
      );
      expect(error.message, url).toContain(PRIVATE_TARGET_REFUSED);
    }
    await expect(
      strictAdmin.webhook.create({ url: 'https://erp.example.hu/x', events: ['order.created'] }),
    ).resolves.toMatchObject({
      id: expect.any(Number),
    });
  });

  it('is for admins only: a stranger gets 401, a shopper 403', async () => {
    const stranger = await callerFor(db.prisma);
    const shopper = (await createCustomer(db.prisma)).caller;
    const { id } = await subscribe(['order.created']);
    const calls = (caller: Caller) => [
      caller.webhook.list(),
      caller.webhook.create({ url: 'https://erp.example.hu/x', events: ['order.created'] }),
      caller.webhook.delete({ id }),
      caller.webhook.deliveries({ id }),
      caller.webhook.test({ id }),
    ];
    for (const call of calls(stranger)) await expectTrpcError(call, 'UNAUTHORIZED');
    for (const call of calls(shopper)) await expectTrpcError(call, 'FORBIDDEN');
    expect((await admin.webhook.list()).items).toHaveLength(1);
    expect(receiver.received).toHaveLength(0);
  });

  it('sends a signed test event at once and answers the outcome; a failed test is not retried', async () => {
    const { id, secret } = await subscribe(['order.created']);

    const ok = await admin.webhook.test({ id });
    expect(ok).toMatchObject({ delivered: true, statusCode: 200, response: 'ok' });
    const [request] = receiver.received;
    expect(JSON.parse(request?.body ?? '')).toMatchObject({
      event: 'webhook.test',
      data: { message: TEST_MESSAGE },
    });
    expect(
      verifyWebhookSignature(secret, String(request?.headers['webhook-signature']), request?.body ?? ''),
    ).toBe(true);

    receiver.answerWith({ status: 500, body: 'nem megy' });
    const failed = await admin.webhook.test({ id });
    expect(failed).toMatchObject({ delivered: false, statusCode: 500, response: 'nem megy' });
    expect(failed.delivery).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });

    const log = await admin.webhook.deliveries({ id });
    expect(log.total).toBe(2);
    expect(log.items.map((item) => [item.event, item.status, item.lastStatusCode])).toEqual([
      ['webhook.test', 'failed', 500],
      ['webhook.test', 'delivered', 200],
    ]);
    expect((await admin.webhook.deliveries({ id, status: 'failed' })).items).toHaveLength(1);
    expect((await admin.webhook.deliveries({ id, page: 2, pageSize: 1 })).items[0]?.status).toBe('delivered');
  });

  it('sends a failed delivery again on request, once, with the same event and bytes', async () => {
    const { id } = await subscribe(['order.created']);
    receiver.answerWith({ status: 500, body: 'nem megy' });
    const failed = (await admin.webhook.test({ id })).delivery;
    const first = receiver.received.at(-1);

    const queued = await admin.webhook.redeliver({ id, delivery: failed.id });
    expect(queued).toMatchObject({ id: failed.id, status: 'pending', attempts: 0 });
    // Pressed twice: still one delivery waiting, not two.
    await admin.webhook.redeliver({ id, delivery: failed.id });
    expect(await db.prisma.webhookDelivery.count({ where: { endpointId: id } })).toBe(1);

    expect(await runWebhooksOnce(db.prisma, { allowPrivateTargets: true })).toEqual({
      delivered: 1,
      failed: 0,
    });
    const again = receiver.received.at(-1);
    expect(again?.body).toBe(first?.body);
    expect(again?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    await expectTrpcError(
      admin.webhook.redeliver({ id, delivery: failed.id }),
      'CONFLICT',
      DELIVERY_ALREADY_DELIVERED,
    );
    await expectTrpcError(
      admin.webhook.redeliver({ id, delivery: 999_999 }),
      'NOT_FOUND',
      DELIVERY_NOT_FOUND,
    );
  });
});

describe('events the shop sends', () => {
  it('placing an order queues one order.created per subscribed endpoint, and stock.changed with the stock left', async () => {
    const first = await subscribe(['order.created'], '/a');
    const second = await subscribe(['order.created', 'stock.changed'], '/b');
    await subscribe(['order.paid'], '/c');

    const { order } = await guest.cart.order(
      orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 2 }] }),
    );

    const created = await deliveriesOf('order.created');
    expect(created.map((row) => row.endpointId)).toEqual([first.id, second.id]);
    expect(created[0]?.body).toBe(created[1]?.body);
    const body = JSON.parse(created[0]?.body ?? '');
    expect(body).toEqual({
      id: created[0]?.eventId,
      event: 'order.created',
      createdAt: order.createdAt,
      data: {
        id: order.id,
        number: order.number,
        status: 'received',
        paymentProvider: 'cash_on_delivery',
        total: order.total,
        createdAt: order.createdAt,
        lines: [
          {
            product: shop.products.mug,
            variant: null,
            kutiId: 'KB-1',
            title: 'Kék bögre',
            quantity: 2,
            unitPrice: 3990,
            lineTotal: 7980,
            discount: 0,
          },
        ],
        discountTotal: 0,
        discounts: [],
      },
    });
    const stock = await db.prisma.product.findUniqueOrThrow({
      where: { id: shop.products.mug },
      select: { stock: true },
    });
    const [stockChanged] = await deliveriesOf('stock.changed');
    expect(stockChanged?.endpointId).toBe(second.id);
    expect(JSON.parse(stockChanged?.body ?? '').data).toEqual({
      items: [
        {
          product: shop.products.mug,
          variant: null,
          kutiId: 'KB-1',
          stock: stock.stock,
        },
      ],
    });
    expect(await db.prisma.webhookDelivery.count()).toBe(3);
  });

  it('queues nothing for an order when nobody subscribed', async () => {
    await subscribe(['product.changed']);
    await guest.cart.order(orderInput(shop, { cart: [{ product: shop.products.plate, quantity: 1 }] }));
    expect(await db.prisma.webhookDelivery.count()).toBe(0);
  });

  it('a status change queues order.status_changed; a cancellation also the stock given back', async () => {
    await subscribe(['order.status_changed', 'stock.changed']);
    const { order } = await guest.cart.order(
      orderInput(shop, { cart: [{ product: shop.products.plate, quantity: 3 }] }),
    );
    await db.prisma.webhookDelivery.deleteMany();

    await admin.order.setStatus({ id: order.id, status: 'processing' });
    await admin.order.setStatus({ id: order.id, status: 'cancelled' });

    const changes = (await deliveriesOf('order.status_changed')).map((row) => JSON.parse(row.body).data);
    expect(changes).toEqual([
      {
        order: { id: order.id, number: order.number },
        from: 'received',
        to: 'processing',
        trackingNumber: null,
        changedAt: expect.any(String),
      },
      {
        order: { id: order.id, number: order.number },
        from: 'processing',
        to: 'cancelled',
        trackingNumber: null,
        changedAt: expect.any(String),
      },
    ]);
    const stock = await db.prisma.product.findUniqueOrThrow({
      where: { id: shop.products.plate },
      select: { stock: true },
    });
    const moves = (await deliveriesOf('stock.changed')).map((row) => JSON.parse(row.body).data);
    expect(moves).toEqual([
      {
        items: [
          {
            product: shop.products.plate,
            variant: null,
            kutiId: null,
            stock: stock.stock,
          },
        ],
      },
    ]);
  });

  it('a card payment that succeeds queues order.paid with the amount', async () => {
    await subscribe(['order.paid', 'order.status_changed']);
    const placed = await guest.cart.order(
      orderInput(shop, {
        cart: [{ product: shop.products.mug, quantity: 1 }],
        paymentMethod: shop.payment.card,
      }),
    );
    if (!placed.payment) throw new Error('A kártyás fizetés nem indult el.');
    barion.stand.standIn.payWithCard(placed.payment.paymentId, '4444 8888 8888 5559');
    await guest.cart.barionStatus({ paymentId: placed.payment.paymentId });

    const [paid] = await deliveriesOf('order.paid');
    expect(JSON.parse(paid?.body ?? '').data).toEqual({
      order: { id: placed.order.id, number: placed.order.number },
      paymentProvider: 'barion',
      amount: placed.order.total,
      paidAt: expect.any(String),
    });
    const changes = (await deliveriesOf('order.status_changed')).map((row) => JSON.parse(row.body).data.to);
    expect(changes).toEqual(['received']);
  });
});
