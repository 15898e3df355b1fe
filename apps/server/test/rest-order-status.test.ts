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

type Order = { id: number; number: string; status: string; trackingNumber: string | null };
type ErrorBody = { message: string; code: string };

let server: TestServer;
let adminToken: string;
let customerToken: string;
let shop: MugShop;

beforeAll(async () => {
  server = await startTestServer();
  const prisma = server.database.prisma;
  await prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES] });
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
  shop = await createMugShop(server, adminToken);
});
afterAll(() => server?.close());

async function placeOrder(quantity = 1): Promise<Order> {
  const placed = await api<{ order: Order }>(server, 'POST', '/api/cart/order', {
    body: guestOrder({ product: shop.mug, quantity, shippingMethod: shop.courier, paymentMethod: shop.cod }),
  });
  expect(placed.status).toBe(200);
  return placed.body.order;
}

const stock = async () =>
  (await server.database.prisma.product.findUniqueOrThrow({ where: { id: shop.mug } })).stock;

describe('order status over REST', () => {
  it('ships an order with a tracking number: the answer, the header and the e-mail carry it', async () => {
    const order = await placeOrder();
    const shipped = await api<Order>(server, 'POST', `/api/order/${order.id}/status`, {
      token: adminToken,
      body: { status: 'shipped', trackingNumber: 'GLS-998877', note: 'Ma délután indul.' },
    });
    expect(shipped.status).toBe(200);
    expect(shipped.headers.get('x-operation-id')).toBe('order-setStatus');
    expect(shipped.body).toMatchObject({ id: order.id, status: 'shipped', trackingNumber: 'GLS-998877' });
    const mail = await server.database.prisma.emailOutbox.findFirstOrThrow({
      where: { templateKey: 'order_shipped', subject: { contains: order.number } },
    });
    expect(mail.html).toContain('GLS-998877');
    // The customer's own view of the order shows it too.
    const seen = await api<Order>(server, 'GET', `/api/order/${order.id}`, { token: adminToken });
    expect(seen.body.trackingNumber).toBe('GLS-998877');
  });

  it('answers a refused transition with 409 and a Hungarian message naming both statuses', async () => {
    const order = await placeOrder();
    await api(server, 'POST', `/api/order/${order.id}/status`, {
      token: adminToken,
      body: { status: 'completed' },
    });
    const refused = await api<ErrorBody>(server, 'POST', `/api/order/${order.id}/status`, {
      token: adminToken,
      body: { status: 'packed' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('„Teljesítve” állapotú rendelés nem tehető „Csomagolva” állapotba.');
    const systemOnly = await api<ErrorBody>(server, 'POST', `/api/order/${order.id}/status`, {
      token: adminToken,
      body: { status: 'refunded' },
    });
    expect(systemOnly.status).toBe(409);
    expect(systemOnly.body.message).toMatch(/visszatérítéssel/);
    const unknown = await api<ErrorBody>(server, 'POST', `/api/order/${order.id}/status`, {
      token: adminToken,
      body: { status: 'elveszett' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/Ismeretlen rendelési állapot/);
    const empty = await fetch(`${server.url}/api/order/${order.id}/status`, {
      method: 'POST',
      headers: { token: adminToken, 'content-type': 'application/json' },
      body: '',
    });
    expect(empty.status).toBe(400);
  });

  it('refuses strangers with 401 and shoppers with 403, changing nothing', async () => {
    const order = await placeOrder();
    for (const [path, body] of [
      [`/api/order/${order.id}/status`, { status: 'cancelled' }],
      ['/api/order/status', { ids: [order.id], status: 'cancelled' }],
      [`/api/order/${order.id}/note`, { text: 'Titok' }],
    ] as const) {
      expect((await api(server, 'POST', path, { body })).status).toBe(401);
      expect((await api(server, 'POST', path, { body, token: customerToken })).status).toBe(403);
    }
    const after = await api<Order>(server, 'GET', `/api/order/${order.id}`, { token: adminToken });
    expect(after.body.status).toBe('received');
  });

  it('cancels in bulk, each order on its own, giving the stock back once per order', async () => {
    const first = await placeOrder(2);
    const second = await placeOrder(3);
    const done = await placeOrder(1);
    await api(server, 'POST', `/api/order/${done.id}/status`, {
      token: adminToken,
      body: { status: 'completed' },
    });
    const before = await stock();
    const body = { ids: [first.id, second.id, done.id, 424_242], status: 'cancelled', note: 'Készlethiány' };
    const [answer, repeated] = await Promise.all([
      api<{ results: { id: number; outcome: string; message: string | null }[]; changed: number }>(
        server,
        'POST',
        '/api/order/status',
        { token: adminToken, body },
      ),
      api<{ changed: number; unchanged: number }>(server, 'POST', '/api/order/status', {
        token: adminToken,
        body,
      }),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-operation-id')).toBe('order-setStatusBulk');
    expect(answer.body.changed + repeated.body.changed).toBe(2);
    expect(
      answer.body.results.map((result) => [result.id, result.outcome === 'refused' ? result.message : 'ok']),
    ).toEqual([
      [first.id, 'ok'],
      [second.id, 'ok'],
      [done.id, '„Teljesítve” állapotú rendelés nem tehető „Törölve” állapotba.'],
      [424_242, 'A rendelés nem található.'],
    ]);
    expect(await stock()).toBe(before + 5);
    const mails = await server.database.prisma.emailOutbox.count({
      where: {
        templateKey: 'order_cancelled',
        subject: { in: [first.number, second.number].map((n) => `Töröltük a rendelésedet (${n})`) },
      },
    });
    expect(mails).toBe(2);
  });

  it('keeps an internal note for the staff', async () => {
    const order = await placeOrder();
    const note = await api<{ id: number; text: string }>(server, 'POST', `/api/order/${order.id}/note`, {
      token: adminToken,
      body: { text: 'Hívjuk fel szállítás előtt.' },
    });
    expect(note.status).toBe(200);
    expect(note.body.text).toBe('Hívjuk fel szállítás előtt.');
    const empty = await api<ErrorBody>(server, 'POST', `/api/order/${order.id}/note`, {
      token: adminToken,
      body: { text: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/jegyzet szövege kötelező/);
  });
});
