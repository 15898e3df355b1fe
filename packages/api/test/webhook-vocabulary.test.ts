import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from '../src/openapi';
import { type TWebhookEvent, WEBHOOK_EVENT_DATA, WEBHOOK_EVENTS } from '../src/schemas/webhook';
import { enqueueWebhookEvent } from '../src/services/webhooks/events';
import { type Caller, callerFor, createAdmin } from './factories';
import { createShop, orderInput, type Shop } from './order-fixtures';

// Webhooks speak the REST answers' vocabulary: the six events of 1.0 carry the REST name of each field
// beside the 1.0 name, with the same value; the 1.0 name is marked deprecated in the document, its
// description naming the replacement (`… helyette \`order.id\` …`). The replacement is read from there,
// so a new pair is checked without touching this test.

const RENAMED: TWebhookEvent[] = [
  'order.created',
  'order.paid',
  'order.status_changed',
  'product.changed',
  'stock.changed',
  'invoice.issued',
];

// biome-ignore lint/suspicious/noExplicitAny: the test walks JSON Schema and JSON payloads.
type Json = any;

const schemaOf = (event: TWebhookEvent): Json => z.toJSONSchema(WEBHOOK_EVENT_DATA[event], { io: 'output' });

/** `order.id` of `value`. */
const at = (value: Json, path: string): unknown =>
  path.split('.').reduce((inner, key) => (inner == null ? undefined : inner[key]), value);

const replacementOf = (property: Json): string => {
  const match = /helyette `([^`]+)`/.exec(String(property.description));
  if (!match?.[1])
    throw new Error(`Az elavult mező leírása nem nevezi meg az utódját: ${property.description}`);
  return match[1];
};

/**
 * Every deprecated field of `value` (checked against its JSON Schema, into objects and lists) beside its
 * replacement with the same value; answers the pairs it compared, as `where: old → new`.
 */
function pairsIn(schema: Json, value: Json, where = 'data'): string[] {
  if (Array.isArray(value) && schema?.items) {
    return value.flatMap((item, index) => pairsIn(schema.items, item, `${where}[${index}]`));
  }
  if (value === null || typeof value !== 'object' || !schema?.properties) return [];
  return Object.entries(schema.properties as Record<string, Json>).flatMap(([key, property]) => {
    if (!property.deprecated) return pairsIn(property, value[key], `${where}.${key}`);
    const replacement = replacementOf(property);
    expect(value, `${where}.${key}`).toHaveProperty(key);
    expect(at(value, replacement), `${where}.${replacement}`).not.toBeUndefined();
    expect(value[key], `${where}.${key} = ${where}.${replacement}`).toEqual(at(value, replacement));
    return [`${where}: ${key} → ${replacement}`];
  });
}

describe('the webhook payload schemas', () => {
  it('mark each 1.0 name of the six older events deprecated, naming a REST name the payload has', () => {
    for (const event of WEBHOOK_EVENTS) {
      const deprecated: string[] = [];
      const walk = (schema: Json) => {
        if (schema?.items) walk(schema.items);
        for (const [key, property] of Object.entries((schema?.properties ?? {}) as Record<string, Json>)) {
          if (!property.deprecated) {
            walk(property);
            continue;
          }
          deprecated.push(key);
          expect(property.description).toMatch(/^Elavult: helyette `[^`]+`.*a 2\.0\.0-ban megszűnik\.$/);
          const [head = ''] = replacementOf(property).split('.');
          expect(schema.properties[head], `${event} ${key} → ${head}`).toBeDefined();
          expect(schema.properties[head].deprecated, `${event} ${head}`).toBeUndefined();
          expect(schema.required).toEqual(expect.arrayContaining([key, head]));
        }
      };
      walk(schemaOf(event));
      if (RENAMED.includes(event)) expect(deprecated, event).not.toEqual([]);
      else expect(deprecated, event).toEqual([]);
    }
  });

  it('show the deprecation in the OpenAPI document', () => {
    const document = buildOpenApiDocument({ baseUrl: '/api' }) as Json;
    const dataOf = (event: string) =>
      document.webhooks[event].post.requestBody.content['application/json'].schema.properties.data;
    const created = dataOf('order.created');
    expect(created.properties.orderId).toMatchObject({ deprecated: true });
    expect(created.properties.id.deprecated).toBeUndefined();
    expect(created.properties.grandTotal).toMatchObject({ deprecated: true });
    expect(created.properties.lines.items.properties.productId).toMatchObject({ deprecated: true });
    expect(dataOf('invoice.issued').properties.orderId).toMatchObject({ deprecated: true });
    expect(dataOf('invoice.issued').properties.grossTotal.deprecated).toBeUndefined();
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

  it('carry the REST name beside each deprecated 1.0 name, with the same value, in every older event', async () => {
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
    const compared = new Map<string, string[]>();
    for (const delivery of deliveries) {
      const event = delivery.event as TWebhookEvent;
      const { data } = JSON.parse(delivery.body);
      expect(() => WEBHOOK_EVENT_DATA[event].parse(data), event).not.toThrow();
      compared.set(event, [...(compared.get(event) ?? []), ...pairsIn(schemaOf(event), data)]);
    }
    expect([...compared.keys()].sort()).toEqual([...RENAMED].sort());
    expect(compared.get('order.created')).toEqual([
      'data: orderId → id',
      'data: grandTotal → total',
      'data.lines[0]: productId → product',
      'data.lines[0]: variantId → variant',
    ]);
    for (const event of ['order.paid', 'order.status_changed'] as const) {
      expect(compared.get(event)).toEqual(['data: orderId → order.id', 'data: number → order.number']);
    }
    expect(compared.get('invoice.issued')).toEqual(['data: orderId → order.id']);
    expect(compared.get('product.changed')).toEqual(['data.items[0]: productId → id']);
    // Built in SQL (the order's and the processing's) and in JavaScript (the manual stock) alike.
    expect(compared.get('stock.changed')).toEqual(
      expect.arrayContaining(['data.items[0]: productId → product', 'data.items[0]: variantId → variant']),
    );
    const stockBodies = deliveries.filter((delivery) => delivery.event === 'stock.changed');
    expect(stockBodies.length).toBeGreaterThanOrEqual(2);
    for (const delivery of stockBodies) {
      expect(JSON.parse(delivery.body).data.items).toContainEqual(
        expect.objectContaining({ product: shop.products.mug, productId: shop.products.mug }),
      );
    }
    const [paid] = deliveries.filter((delivery) => delivery.event === 'order.paid');
    expect(JSON.parse(paid?.body ?? '').data.order).toEqual({ id: order.id, number: order.number });
  });
});
