import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApiScope, TOrderStatus } from '../src/schemas';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

let db: Database;
let shop: Shop;
let admin: SignedIn;
let customer: SignedIn;
let stranger: Caller;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
  customer = await createCustomer(db.prisma);
  stranger = await callerFor(db.prisma);
  await db.prisma.webhookEndpoint.create({
    data: { url: 'https://erp.example.hu/hook', events: ['order.shipment_changed'], secret: 'titok' },
  });
});
afterAll(() => db?.close());

async function placeOrder() {
  const placed = await stranger.cart.order(
    orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 1 }] }),
  );
  return placed.order;
}

async function orderIn(status: TOrderStatus) {
  const order = await placeOrder();
  await db.prisma.order.update({ where: { id: order.id }, data: { status } });
  return order;
}

const mails = (number: string, templateKey: string) =>
  db.prisma.emailOutbox.findMany({
    where: { templateKey, subject: { contains: number } },
    orderBy: { id: 'asc' },
  });

const hooks = async (orderId: number) =>
  (
    await db.prisma.webhookDelivery.findMany({
      where: { event: 'order.shipment_changed' },
      orderBy: { id: 'asc' },
    })
  )
    .map(
      (row) => (JSON.parse(row.body) as { data: Record<string, unknown> & { order: { id: number } } }).data,
    )
    .filter((data) => data.order.id === orderId);

async function newKey(scopes: TApiScope[]) {
  const created = await admin.caller.apikey.create({ name: `Szállítás ${scopes.join('+')}`, scopes });
  return callerFor(db.prisma, { token: created.key });
}

describe('several tracking numbers per order', () => {
  it('adds two numbers, e-mails a corrected one once, and tells integrators of each change', async () => {
    const order = await orderIn('packed');
    const shipped = await admin.caller.order.setStatus({
      id: order.id,
      status: 'shipped',
      trackingNumber: 'GLS-111',
    });
    expect(shipped.trackingNumber).toBe('GLS-111');
    expect(shipped.shipments).toEqual([
      expect.objectContaining({ trackingNumber: 'GLS-111', carrier: null, trackingUrl: null }),
    ]);
    expect(await mails(order.number, 'order_shipped')).toHaveLength(1);

    const two = await admin.caller.order.addShipment({
      id: order.id,
      trackingNumber: ' GLS-222 ',
      carrier: 'GLS',
      trackingUrl: 'https://gls-group.com/HU/hu/csomagkovetes?match=GLS-222',
    });
    expect(two.shipments.map((row) => row.trackingNumber)).toEqual(['GLS-111', 'GLS-222']);
    expect(two.trackingNumber).toBe('GLS-111');
    const added = await mails(order.number, 'order_tracking_changed');
    expect(added).toHaveLength(1);
    expect(added[0]!.html).toContain('GLS-111');
    expect(added[0]!.html).toContain('href="https://gls-group.com/HU/hu/csomagkovetes?match=GLS-222"');

    const first = two.shipments[0]!;
    // A double click: both requests carry the same correction; the second finds nothing to change.
    const answers = await Promise.all(
      [1, 2].map(() =>
        admin.caller.order.correctShipment({ id: order.id, shipment: first.id, trackingNumber: 'GLS-333' }),
      ),
    );
    for (const answer of answers) {
      expect(answer.shipments.map((row) => row.trackingNumber)).toEqual(['GLS-333', 'GLS-222']);
      expect(answer.trackingNumber).toBe('GLS-333');
    }
    const corrected = await mails(order.number, 'order_tracking_changed');
    expect(corrected).toHaveLength(2);
    expect(corrected[1]!.to).toBe('vevo@example.hu');
    expect(corrected[1]!.subject).toContain(order.number);
    expect(corrected[1]!.html).toContain('GLS-333');
    expect(corrected[1]!.html).toContain('GLS-222');
    expect(corrected[1]!.html).not.toContain('GLS-111');
    expect(corrected[1]!.html).not.toContain('{{');

    const events = await hooks(order.id);
    expect(events.map((event) => event.change)).toEqual(['added', 'added', 'corrected']);
    expect(events[2]).toMatchObject({
      order: { id: order.id, number: order.number },
      shipment: { id: first.id, trackingNumber: 'GLS-333' },
      previousTrackingNumber: 'GLS-111',
      shipments: [
        expect.objectContaining({ trackingNumber: 'GLS-333' }),
        expect.objectContaining({ trackingNumber: 'GLS-222', carrier: 'GLS' }),
      ],
    });
    const audit = await db.prisma.orderAuditEntry.findMany({
      where: { orderId: order.id, action: 'shipment' },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((entry) => entry.detail)).toEqual([
      expect.objectContaining({ change: 'added', trackingNumber: 'GLS-222', outboxId: added[0]!.id }),
      expect.objectContaining({
        change: 'corrected',
        trackingNumber: 'GLS-333',
        previousTrackingNumber: 'GLS-111',
        outboxId: corrected[1]!.id,
      }),
    ]);
    const seen = await admin.caller.order.adminById({ id: order.id });
    expect(seen.order.shipments.map((row) => row.trackingNumber)).toEqual(['GLS-333', 'GLS-222']);
    // The admin's e-mail list shows both, and "resend" sends the latest as it went out.
    expect(seen.emails.filter((mail) => mail.template === 'order_tracking_changed')).toHaveLength(2);
    const resent = await admin.caller.order.resendEmail({ id: order.id, template: 'order_tracking_changed' });
    const copy = await db.prisma.emailOutbox.findUniqueOrThrow({ where: { id: resent.outboxId } });
    expect(copy.html).toBe(corrected[1]!.html);
  });

  it('lists numbers given before shipping in the shipped e-mail, with no e-mail of their own', async () => {
    const order = await orderIn('packed');
    await admin.caller.order.addShipment({ id: order.id, trackingNumber: 'MPL-1' });
    await admin.caller.order.addShipment({ id: order.id, trackingNumber: 'MPL-2', carrier: 'MPL' });
    expect(await mails(order.number, 'order_tracking_changed')).toHaveLength(0);
    await admin.caller.order.setStatus({ id: order.id, status: 'shipped', trackingNumber: 'mpl-1' });
    const shipped = await mails(order.number, 'order_shipped');
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!.html).toContain('MPL-1');
    expect(shipped[0]!.html).toContain('MPL-2');
    const stored = await db.prisma.orderShipment.findMany({ where: { orderId: order.id } });
    expect(stored.map((row) => row.trackingNumber).sort()).toEqual(['MPL-1', 'MPL-2']);
  });

  it('shipped again: the same number changes nothing, another one is a 409 naming the shipment operations', async () => {
    const order = await orderIn('packed');
    await admin.caller.order.setStatus({ id: order.id, status: 'shipped', trackingNumber: 'FP-100' });
    const again = await admin.caller.order.setStatus({
      id: order.id,
      status: 'shipped',
      trackingNumber: 'FP-100',
    });
    expect(again.shipments.map((row) => row.trackingNumber)).toEqual(['FP-100']);
    await expectTrpcError(
      admin.caller.order.setStatus({ id: order.id, status: 'shipped', trackingNumber: 'FP-200' }),
      'CONFLICT',
      new RegExp(
        `csomagszáma: FP-100.*POST /api/order/${order.id}/shipment.*PUT /api/order/${order.id}/shipment/\\{shipment\\}`,
      ),
    );
    const stored = await db.prisma.order.findUniqueOrThrow({
      where: { id: order.id },
      select: { trackingNumber: true, shipments: { select: { trackingNumber: true } } },
    });
    expect(stored).toEqual({ trackingNumber: 'FP-100', shipments: [{ trackingNumber: 'FP-100' }] });
    expect(await mails(order.number, 'order_shipped')).toHaveLength(1);
    expect(await mails(order.number, 'order_tracking_changed')).toHaveLength(0);
  });

  it('shipped again with a number gives an order shipped without one its first, e-mailed once', async () => {
    const order = await orderIn('packed');
    await admin.caller.order.setStatus({ id: order.id, status: 'shipped' });
    for (const _ of [1, 2]) {
      const again = await admin.caller.order.setStatus({
        id: order.id,
        status: 'shipped',
        trackingNumber: 'LATE-1',
      });
      expect(again).toMatchObject({ trackingNumber: 'LATE-1', shipments: [{ trackingNumber: 'LATE-1' }] });
    }
    const told = await mails(order.number, 'order_tracking_changed');
    expect(told).toHaveLength(1);
    expect(told[0]!.html).toContain('LATE-1');
    expect((await hooks(order.id)).map((event) => event.change)).toEqual(['added']);
  });

  it('removes a number: the next one becomes the first, the customer gets no e-mail', async () => {
    const order = await orderIn('packed');
    const one = await admin.caller.order.setStatus({
      id: order.id,
      status: 'shipped',
      trackingNumber: 'DPD-1',
    });
    await admin.caller.order.addShipment({ id: order.id, trackingNumber: 'DPD-2', notify: false });
    const left = await admin.caller.order.removeShipment({ id: order.id, shipment: one.shipments[0]!.id });
    expect(left.trackingNumber).toBe('DPD-2');
    expect(left.shipments.map((row) => row.trackingNumber)).toEqual(['DPD-2']);
    const none = await admin.caller.order.removeShipment({ id: order.id, shipment: left.shipments[0]!.id });
    expect(none).toMatchObject({ trackingNumber: null, shipments: [] });
    expect(await mails(order.number, 'order_tracking_changed')).toHaveLength(0);
    expect((await hooks(order.id)).map((event) => event.change)).toEqual([
      'added',
      'added',
      'removed',
      'removed',
    ]);
    await expectTrpcError(
      admin.caller.order.removeShipment({ id: order.id, shipment: one.shipments[0]!.id }),
      'NOT_FOUND',
      'Ez a csomagszám nem található ennél a rendelésnél.',
    );
  });

  it('moves the order in the change feed when a number changes', async () => {
    const order = await orderIn('packed');
    const entry = () =>
      db.prisma.changeFeedEntry.findUniqueOrThrow({
        where: { entity_entityId: { entity: 'order', entityId: order.id } },
      });
    const before = await entry();
    const added = await admin.caller.order.addShipment({ id: order.id, trackingNumber: 'FEED-1' });
    const afterAdd = await entry();
    expect(afterAdd.seq).toBeGreaterThan(before.seq);
    await admin.caller.order.correctShipment({
      id: order.id,
      shipment: added.shipments[0]!.id,
      trackingNumber: 'FEED-1',
      trackingUrl: 'https://example.hu/k/FEED-1',
    });
    expect((await entry()).seq).toBeGreaterThan(afterAdd.seq);
  });
});

describe('refusals, in Hungarian', () => {
  it('refuses an empty, too long, NUL-carrying or odd number, a bad link and a number twice', async () => {
    const order = await orderIn('packed');
    await expectTrpcError(
      admin.caller.order.addShipment({ id: order.id, trackingNumber: '  ' }),
      'BAD_REQUEST',
      /A csomagszám kötelező/,
    );
    await expectTrpcError(
      admin.caller.order.addShipment({ id: order.id, trackingNumber: 'A'.repeat(65) }),
      'BAD_REQUEST',
      /legfeljebb 64 karakter/,
    );
    await expectTrpcError(
      admin.caller.order.addShipment({ id: order.id, trackingNumber: 'GLS\u0000' }),
      'BAD_REQUEST',
      /NUL/,
    );
    await expectTrpcError(
      admin.caller.order.addShipment({ id: order.id, trackingNumber: '<b>1</b>' }),
      'BAD_REQUEST',
      /csak betűt, számot/,
    );
    await expectTrpcError(
      admin.caller.order.addShipment({
        id: order.id,
        trackingNumber: 'X1',
        trackingUrl: 'javascript:alert(1)',
      }),
      'BAD_REQUEST',
      /http:\/\/ vagy https:\/\//,
    );
    const added = await admin.caller.order.addShipment({ id: order.id, trackingNumber: 'ABC-1' });
    await expectTrpcError(
      admin.caller.order.addShipment({ id: order.id, trackingNumber: 'abc-1' }),
      'CONFLICT',
      /^Az „abc-1” csomagszám már szerepel ennél a rendelésnél\.$/,
    );
    const other = await admin.caller.order.addShipment({ id: order.id, trackingNumber: 'ABC-2' });
    await expectTrpcError(
      admin.caller.order.correctShipment({
        id: order.id,
        shipment: other.shipments[1]!.id,
        trackingNumber: 'ABC-1',
      }),
      'CONFLICT',
      /már szerepel ennél a rendelésnél/,
    );
    await expectTrpcError(
      admin.caller.order.correctShipment({
        id: order.id,
        shipment: added.shipments[0]!.id,
        trackingNumber: 'ABC-9',
        createdAt: '2020-01-01T00:00:00.000Z',
      }),
      'BAD_REQUEST',
      /csak olvasható/,
    );
    // What a GET answered may be sent back unchanged (its own id goes to the path as `shipment`).
    const { id: shipment, ...read } = added.shipments[0]!;
    const roundTrip = await admin.caller.order.correctShipment({
      ...read,
      id: order.id,
      shipment,
      trackingNumber: 'ABC-9',
    });
    expect(roundTrip.shipments.map((row) => row.trackingNumber)).toEqual(['ABC-9', 'ABC-2']);
  });

  it('refuses numbers on a cancelled order and another order’s number', async () => {
    const cancelled = await orderIn('cancelled');
    await expectTrpcError(
      admin.caller.order.addShipment({ id: cancelled.id, trackingNumber: 'X-1' }),
      'CONFLICT',
      '„Törölve” állapotú rendelés csomagszámai nem módosíthatók.',
    );
    const order = await orderIn('packed');
    const elsewhere = await admin.caller.order.addShipment({ id: order.id, trackingNumber: 'Y-1' });
    const another = await orderIn('packed');
    await expectTrpcError(
      admin.caller.order.correctShipment({
        id: another.id,
        shipment: elsewhere.shipments[0]!.id,
        trackingNumber: 'Y-2',
      }),
      'NOT_FOUND',
    );
  });
});

describe('who may change numbers', () => {
  it('not a stranger (401) nor a shopper (403)', async () => {
    const order = await orderIn('packed');
    await expectTrpcError(
      stranger.order.addShipment({ id: order.id, trackingNumber: 'Z-1' }),
      'UNAUTHORIZED',
    );
    await expectTrpcError(
      customer.caller.order.addShipment({ id: order.id, trackingNumber: 'Z-1' }),
      'FORBIDDEN',
    );
    await expectTrpcError(customer.caller.order.removeShipment({ id: order.id, shipment: 1 }), 'FORBIDDEN');
    expect(await db.prisma.orderShipment.count({ where: { orderId: order.id } })).toBe(0);
  });

  it('an API key with shipping:write (or orders:write) may, one with only orders:read may not', async () => {
    const order = await orderIn('packed');
    const shipping = await newKey(['shipping:write']);
    const added = await shipping.order.addShipment({ id: order.id, trackingNumber: 'KEY-1' });
    expect(added.shipments.map((row) => row.trackingNumber)).toEqual(['KEY-1']);
    const audit = await db.prisma.orderAuditEntry.findFirstOrThrow({
      where: { orderId: order.id, action: 'shipment' },
    });
    expect(audit).toMatchObject({
      actorId: null,
      detail: expect.objectContaining({ apiKey: 'Szállítás shipping:write' }),
    });

    // It may print the labels too (shipping:write includes shipping:read): the order has no parcel, so 409.
    await expectTrpcError(shipping.order.parcelLabel({ id: order.id }), 'CONFLICT');

    const reader = await newKey(['orders:read']);
    await expectTrpcError(
      reader.order.addShipment({ id: order.id, trackingNumber: 'KEY-2' }),
      'FORBIDDEN',
      /szükséges: shipping:write/,
    );
    // Labels stay open to it (shipping:read is opened by orders:read): the order has no parcel, so 409.
    await expectTrpcError(reader.order.parcelLabel({ id: order.id }), 'CONFLICT');
    const writer = await newKey(['orders:write']);
    const corrected = await writer.order.correctShipment({
      id: order.id,
      shipment: added.shipments[0]!.id,
      trackingNumber: 'KEY-3',
    });
    expect(corrected.trackingNumber).toBe('KEY-3');
  });
});
