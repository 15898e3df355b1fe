import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createMugShop,
  createUser,
  guestOrder,
  type MugShop,
  signIn,
  startTestServer,
  type TestServer,
} from './test-server';

type Shipment = {
  id: number;
  trackingNumber: string;
  carrier: string | null;
  trackingUrl: string | null;
  createdAt: string;
  updatedAt: string;
};
type Order = {
  id: number;
  number: string;
  status: string;
  trackingNumber: string | null;
  shipments: Shipment[];
};
type ErrorBody = { message: string; code: string };

let server: TestServer;
let adminToken: string;
let customerToken: string;
let shop: MugShop;

beforeAll(async () => {
  server = await startTestServer();
  await server.database.prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES] });
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
  shop = await createMugShop(server, adminToken);
});
afterAll(() => server?.close());

async function shippedOrder(trackingNumber: string): Promise<Order> {
  const placed = await api<{ order: Order }>(server, 'POST', '/api/cart/order', {
    body: guestOrder({
      product: shop.mug,
      quantity: 1,
      shippingMethod: shop.courier,
      paymentMethod: shop.cod,
    }),
  });
  expect(placed.status).toBe(200);
  const shipped = await api<Order>(server, 'POST', `/api/order/${placed.body.order.id}/status`, {
    token: adminToken,
    body: { status: 'shipped', trackingNumber },
  });
  expect(shipped.status).toBe(200);
  return shipped.body;
}

async function keyWith(scopes: string[]): Promise<string> {
  const created = await api<{ key: string }>(server, 'POST', '/api/apikey', {
    token: adminToken,
    body: { name: `REST ${scopes.join('+')}`, scopes },
  });
  expect(created.status).toBe(200);
  return created.body.key;
}

const trackingMails = (number: string) =>
  server.database.prisma.emailOutbox.findMany({
    where: { templateKey: 'order_tracking_changed', subject: { contains: number } },
  });

describe('tracking numbers over REST', () => {
  it('adds, corrects and removes numbers of an order; the customer gets the corrected one once', async () => {
    const order = await shippedOrder('GLS-1001');
    const key = await keyWith(['shipping:write']);

    const added = await api<Order>(server, 'POST', `/api/order/${order.id}/shipment`, {
      token: key,
      body: { trackingNumber: 'GLS-1002', carrier: 'GLS', trackingUrl: 'https://gls.example/t/GLS-1002' },
    });
    expect(added.status).toBe(200);
    expect(added.headers.get('x-operation-id')).toBe('order-addShipment');
    expect(added.body.trackingNumber).toBe('GLS-1001');
    expect(added.body.shipments.map((row) => row.trackingNumber)).toEqual(['GLS-1001', 'GLS-1002']);

    const first = added.body.shipments[0]!;
    const correct = () =>
      api<Order>(server, 'PUT', `/api/order/${order.id}/shipment/${first.id}`, {
        token: key,
        body: { trackingNumber: 'GLS-1003' },
      });
    const corrected = await correct();
    expect(corrected.status).toBe(200);
    expect(corrected.body.trackingNumber).toBe('GLS-1003');
    expect((await correct()).status).toBe(200);
    const mails = await trackingMails(order.number);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.html).toContain('GLS-1003');
    expect(mails[1]!.html).not.toContain('GLS-1001');

    const removed = await api<Order>(server, 'DELETE', `/api/order/${order.id}/shipment/${first.id}`, {
      token: key,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.shipments.map((row) => row.trackingNumber)).toEqual(['GLS-1002']);
    const seen = await api<Order>(server, 'GET', `/api/order/${order.id}`, { token: adminToken });
    expect(seen.body).toMatchObject({ trackingNumber: 'GLS-1002', shipments: [{ carrier: 'GLS' }] });
  });

  it('answers bad input with 400, a repeated number and another shipped number with 409, in Hungarian', async () => {
    const order = await shippedOrder('MPL-2001');
    const empty = await api<ErrorBody>(server, 'POST', `/api/order/${order.id}/shipment`, {
      token: adminToken,
      body: { trackingNumber: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/A csomagszám kötelező/);
    const nul = await api<ErrorBody>(server, 'POST', `/api/order/${order.id}/shipment`, {
      token: adminToken,
      body: { trackingNumber: 'MPL\u0000' },
    });
    expect(nul.status).toBe(400);
    const twice = await api<ErrorBody>(server, 'POST', `/api/order/${order.id}/shipment`, {
      token: adminToken,
      body: { trackingNumber: 'mpl-2001' },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/„mpl-2001” csomagszám már szerepel ennél a rendelésnél/);
    const reshipped = await api<ErrorBody>(server, 'POST', `/api/order/${order.id}/status`, {
      token: adminToken,
      body: { status: 'shipped', trackingNumber: 'MPL-2002' },
    });
    expect(reshipped.status).toBe(409);
    expect(reshipped.body.message).toContain(`POST /api/order/${order.id}/shipment`);
    const same = await api<Order>(server, 'POST', `/api/order/${order.id}/status`, {
      token: adminToken,
      body: { status: 'shipped', trackingNumber: 'MPL-2001' },
    });
    expect(same.status).toBe(200);
  });

  it('is for admins and keys with shipping:write: 401 without a token, 403 for a shopper or an orders:read key', async () => {
    const order = await shippedOrder('DPD-3001');
    const body = { trackingNumber: 'DPD-3002' };
    expect((await api(server, 'POST', `/api/order/${order.id}/shipment`, { body })).status).toBe(401);
    expect(
      (await api(server, 'POST', `/api/order/${order.id}/shipment`, { token: customerToken, body })).status,
    ).toBe(403);
    const reader = await keyWith(['orders:read']);
    const refused = await api<ErrorBody>(server, 'POST', `/api/order/${order.id}/shipment`, {
      token: reader,
      body,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/shipping:write/);
    const shipment = order.shipments[0]!.id;
    expect(
      (await api(server, 'DELETE', `/api/order/${order.id}/shipment/${shipment}`, { token: reader })).status,
    ).toBe(403);
    expect(await server.database.prisma.orderShipment.count({ where: { orderId: order.id } })).toBe(1);
  });
});
