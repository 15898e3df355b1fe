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

/**
 * #21 over HTTP: a guest-order flood gets a Hungarian 429 that says when to try again, in the message
 * (minutes) and in `Retry-After` (seconds), on REST and tRPC alike; a guest's Idempotency-Key answers
 * nobody else. The server believes the loopback proxy, so each test is its own network.
 */
let server: TestServer;
let shop: MugShop;

beforeAll(async () => {
  server = await startTestServer({ trustProxy: ['127.0.0.1'] });
  await server.database.prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES], skipDuplicates: true });
  shop = await createMugShop(server, await signIn(server, await createUser(server.database, 'admin')));
});
afterAll(() => server?.close());

let orders = 0;
function order(ip: string, headers: Record<string, string> = {}) {
  const body = guestOrder({ product: shop.mug, shippingMethod: shop.courier, paymentMethod: shop.cod });
  body.customer.email = `rest-vendeg-${++orders}@example.hu`;
  return { body, headers: { 'x-forwarded-for': ip, ...headers } };
}

describe('a guest-order flood over HTTP', () => {
  it('is refused with 429, a Hungarian message in minutes and Retry-After in seconds, on REST and tRPC', async () => {
    const network = (host: number) => `2001:db8:5:6::${host}`;
    const statuses: number[] = [];
    for (let host = 1; host <= 12; host++) {
      statuses.push((await api(server, 'POST', '/api/cart/order', order(network(host)))).status);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);

    const rest = await api<{ message: string }>(server, 'POST', '/api/cart/order', order(network(99)));
    expect(rest.status).toBe(429);
    expect(rest.body.message).toMatch(/^Túl sok rendelés .* próbáld újra (59|60) perc múlva/);
    const restWait = Number(rest.headers.get('retry-after'));
    expect(restWait).toBeGreaterThan(3500);
    expect(restWait).toBeLessThanOrEqual(3600);

    const trpc = await api<{ error: { message: string } }>(
      server,
      'POST',
      '/trpc/cart.order',
      order(network(98)),
    );
    expect(trpc.status).toBe(429);
    expect(trpc.body.error.message).toMatch(/próbáld újra (59|60) perc múlva/);
    expect(Number(trpc.headers.get('retry-after'))).toBeGreaterThan(3500);

    const elsewhere = await api(server, 'POST', '/api/cart/order', order('198.51.100.77'));
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get('retry-after')).toBeNull();
  });
});

describe('a guest order’s Idempotency-Key over HTTP', () => {
  it('answers the first order to the same request only; a stranger with the key gets a 409 without it', async () => {
    const key = { 'idempotency-key': 'rest-vendeg-kulcs' };
    const first = order('192.0.2.20', key);
    const placed = await api<{ order: { number: string } }>(server, 'POST', '/api/cart/order', first);
    expect(placed.status).toBe(200);

    const stranger = await api(server, 'POST', '/api/cart/order', order('192.0.2.21', key));
    expect(stranger.status).toBe(409);
    expect(JSON.stringify(stranger.body)).not.toContain(placed.body.order.number);
    expect(JSON.stringify(stranger.body)).not.toContain(first.body.customer.email);

    const retry = await api<{ order: { number: string } }>(server, 'POST', '/api/cart/order', {
      ...first,
      headers: { ...first.headers, 'x-forwarded-for': '192.0.2.22' },
    });
    expect(retry.status).toBe(200);
    expect(retry.body.order.number).toBe(placed.body.order.number);
  });
});
