import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from '../src/openapi';
import { type TWebhookEvent, WEBHOOK_EVENT_DATA, WEBHOOK_EVENTS } from '../src/schemas/webhook';
import { enqueueWebhookEvent } from '../src/services/webhooks/events';
import { type Caller, callerFor, createAdmin } from './factories';
import { createShop, orderInput, type Shop } from './order-fixtures';

// Webhooks speak the REST answers' vocabulary. Until 2.0.0 the six events of 1.0 also carried their old
// names beside the REST ones (`orderId`, `grandTotal`, `productId`, `variantId`, a top-level `number`);
// now a payload holds exactly the fields its schema documents, and none of those.

const RENAMED: TWebhookEvent[] = [
  'order.created',
  'order.paid',
  'order.status_changed',
  'product.changed',
  'stock.changed',
  'invoice.issued',
];

const REMOVED = ['orderId', 'grandTotal', 'productId', 'variantId'];

// biome-ignore lint/suspicious/noExplicitAny: the test walks JSON Schema and JSON payloads.
type Json = any;

const schemaOf = (event: TWebhookEvent): Json => z.toJSONSchema(WEBHOOK_EVENT_DATA[event], { io: 'output' });

/** The fields of `value` its JSON Schema does not document (into objects and lists), as paths. */
function undocumentedIn(schema: Json, value: Json, where = 'data'): string[] {
  if (Array.isArray(value) && schema?.items) {
    return value.flatMap((item, index) => undocumentedIn(schema.items, item, `${where}[${index}]`));
  }
  if (value === null || typeof value !== 'object' || !schema?.properties) return [];
  return Object.entries(value as Record<string, Json>).flatMap(([key, inner]) =>
    key in schema.properties
      ? undocumentedIn(schema.properties[key], inner, `${where}.${key}`)
      : [`${where}.${key}`],
  );
}

/** Every property name in a JSON Schema, into objects and lists. */
function propertyNames(schema: Json): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  return [
    ...Object.keys(properties),
    ...Object.values(properties).flatMap(propertyNames),
    ...propertyNames(schema.items),
  ];
}

describe('the webhook payload schemas', () => {
  it('document no deprecated field and none of the 1.0 names', () => {
    for (const event of WEBHOOK_EVENTS) {
      const schema = schemaOf(event);
      expect(JSON.stringify(schema), event).not.toContain('"deprecated"');
      expect(
        propertyNames(schema).filter((name) => REMOVED.includes(name)),
        event,
      ).toEqual([]);
    }
    // `number` stays where it is the event's own: an order's in order.created, an invoice's in invoice.issued.
    for (const event of ['order.paid', 'order.status_changed'] as const) {
      expect(Object.keys(schemaOf(event).properties), event).not.toContain('number');
    }
  });

  it('show only the REST names in the OpenAPI document', () => {
    const document = buildOpenApiDocument({ baseUrl: '/api' }) as Json;
    const dataOf = (event: string) =>
      document.webhooks[event].post.requestBody.content['application/json'].schema.properties.data;
    for (const event of RENAMED) {
      expect(
        propertyNames(dataOf(event)).filter((name) => REMOVED.includes(name)),
        event,
      ).toEqual([]);
    }
    const created = dataOf('order.created');
    expect(Object.keys(created.properties)).toEqual(expect.arrayContaining(['id', 'total', 'lines']));
    expect(Object.keys(created.properties.lines.items.properties)).toEqual(
      expect.arrayContaining(['product', 'variant']),
    );
  });
});

describe('the payloads the shop sends', () => {
  let db: Database;
  let shop: Shop;
  let admin: Caller;
  let guest: Caller;

  beforeAll(async () => {
    db = await createTestDatabase();
    shop = await createShop(db.prisma);
    admin = await callerFor(db.prisma, { token: (await createAdmin(db.prisma)).token });
    guest = await callerFor(db.prisma);
    await db.prisma.webhookEndpoint.create({
      data: { url: 'https://erp.example.hu/hook', events: RENAMED, secret: 'titok' },
    });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('carry only the REST names in every older event, built in JavaScript and in SQL alike', async () => {
    // An order paid by transfer, then processed; its product's stock set by hand.
    const { order } = await guest.cart.order(
      orderInput(shop, {
        cart: [{ product: shop.products.mug, quantity: 2 }],
        paymentMethod: shop.payment.transfer,
      }),
    );
    await admin.order.recordPayment({ id: order.id, amount: order.total });
    await admin.order.setStatus({ id: order.id, status: 'processing' });
    await admin.product.update({ id: shop.products.mug, stock: 50 });
    // The invoice worker needs an invoicing provider; its builder is checked in invoice.test.ts.
    await enqueueWebhookEvent(db.prisma, 'invoice.issued', {
      order: { id: order.id, number: order.number },
      kind: 'invoice',
      number: 'KB-2026-1',
      grossTotal: order.total,
      issuedAt: new Date().toISOString(),
    });

    const deliveries = await db.prisma.webhookDelivery.findMany({ orderBy: { id: 'asc' } });
    expect([...new Set(deliveries.map((delivery) => delivery.event))].sort()).toEqual([...RENAMED].sort());
    for (const delivery of deliveries) {
      const event = delivery.event as TWebhookEvent;
      const { data } = JSON.parse(delivery.body);
      expect(() => WEBHOOK_EVENT_DATA[event].parse(data), event).not.toThrow();
      expect(undocumentedIn(schemaOf(event), data), event).toEqual([]);
    }
    const dataOf = (event: TWebhookEvent): Json[] =>
      deliveries
        .filter((delivery) => delivery.event === event)
        .map((delivery) => JSON.parse(delivery.body).data);

    const [created] = dataOf('order.created');
    expect(created).toMatchObject({ id: order.id, number: order.number, total: order.total });
    expect(created).not.toHaveProperty('orderId');
    expect(created).not.toHaveProperty('grandTotal');
    expect(Object.keys(created.lines[0])).toEqual([
      'product',
      'variant',
      'kutiId',
      'title',
      'quantity',
      'unitPrice',
      'lineTotal',
      'discount',
    ]);
    for (const event of ['order.paid', 'order.status_changed'] as const) {
      const [data] = dataOf(event);
      expect(data.order, event).toEqual({ id: order.id, number: order.number });
      expect(data, event).not.toHaveProperty('orderId');
      expect(data, event).not.toHaveProperty('number');
    }
    const [invoice] = dataOf('invoice.issued');
    expect(invoice.order).toEqual({ id: order.id, number: order.number });
    expect(invoice).not.toHaveProperty('orderId');
    const [changed] = dataOf('product.changed');
    expect(changed.items).toEqual([expect.objectContaining({ id: shop.products.mug, deleted: false })]);
    expect(Object.keys(changed.items[0])).toEqual(['id', 'kutiId', 'deleted']);
    // Built in SQL (the order's and the processing's) and in JavaScript (the manual stock) alike.
    const stock = dataOf('stock.changed');
    expect(stock.length).toBeGreaterThanOrEqual(2);
    for (const data of stock) {
      expect(data.items).toContainEqual(
        expect.objectContaining({ product: shop.products.mug, variant: null }),
      );
      for (const item of data.items)
        expect(Object.keys(item)).toEqual(['product', 'variant', 'kutiId', 'stock']);
    }
  });
});
