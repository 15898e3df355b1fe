import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

let server: TestServer;
let customer: { email: string; token: string };
let soldOut: number;
let inStock: number;
let sibling: number;
let nextIp = 0;

/** A request from an address of its own (the server believes X-Forwarded-For from 127.0.0.1 here). */
function from(ip?: string) {
  nextIp += 1;
  return { 'x-forwarded-for': ip ?? `198.51.100.${nextIp}` };
}

beforeAll(async () => {
  server = await startTestServer({ trustProxy: ['127.0.0.1'] });
  const prisma = server.database.prisma;
  await prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES], skipDuplicates: true });
  await prisma.shippingMethod.create({
    data: { name: 'GLS futár', grossPrice: 1990, freeAbove: 20_000, deliveryTime: '1–2 munkanap' },
  });
  const category = await prisma.category.create({
    data: { slug: 'bogrek', descriptions: { create: { language: 'hu', title: 'Bögrék' } } },
  });
  const product = async (slug: string, title: string, stock: number) =>
    (
      await prisma.product.create({
        data: {
          slug,
          grossPrice: 3990,
          stock,
          descriptions: { create: { language: 'hu', title } },
          categories: { create: { categoryId: category.id, primary: true } },
        },
      })
    ).id;
  soldOut = await product('elfogyott-bogre', 'Elfogyott bögre', 0);
  inStock = await product('kek-bogre', 'Kék bögre', 5);
  sibling = await product('piros-bogre', 'Piros bögre', 3);
  const user = await createUser(server.database, 'customer');
  customer = { email: user.email, token: await signIn(server, user) };
});
afterAll(() => server?.close());

describe('POST /api/product/{id}/notify', () => {
  it('answers the stored request, and the same again without a second row', async () => {
    for (let n = 0; n < 2; n++) {
      const { status, body } = await api(server, 'POST', `/api/product/${soldOut}/notify`, {
        body: { email: 'Anna@Example.hu' },
        headers: from(),
      });
      expect(status).toBe(200);
      expect(body).toEqual({ productId: soldOut, variantId: null, email: 'anna@example.hu' });
    }
    expect(
      await server.database.prisma.stockNotification.count({
        where: { productId: soldOut, email: 'anna@example.hu' },
      }),
    ).toBe(1);
  });

  it("uses a signed-in customer's address when the body has none", async () => {
    const { status, body } = await api(server, 'POST', `/api/product/${soldOut}/notify`, {
      body: {},
      token: customer.token,
      headers: from(),
    });
    expect(status).toBe(200);
    expect(body).toEqual({ productId: soldOut, variantId: null, email: customer.email });
  });

  it('answers bad input with a Hungarian 400 naming the field, an empty body and a bad id included', async () => {
    const guest = await api<{ message: string; issues: { path: string }[] }>(
      server,
      'POST',
      `/api/product/${soldOut}/notify`,
      { body: {}, headers: from() },
    );
    expect(guest.status).toBe(400);
    expect(guest.body.message).toMatch(/e-mail-címed/);
    expect(guest.body.issues.map((issue) => issue.path)).toEqual(['email']);

    const badEmail = await api<{ message: string }>(server, 'POST', `/api/product/${soldOut}/notify`, {
      body: { email: 'nem-cim' },
      headers: from(),
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toMatch(/email.*Érvénytelen e-mail-cím/);

    const empty = await fetch(`${server.url}/api/product/${soldOut}/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from() },
      body: '',
    });
    expect(empty.status).toBe(400);

    const badId = await api<{ message: string }>(server, 'POST', '/api/product/bogre/notify', {
      body: { email: 'a@example.hu' },
      headers: from(),
    });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toMatch(/id/);
  });

  it('answers 409 for a product in stock and 404 for an unknown one', async () => {
    const conflict = await api<{ message: string }>(server, 'POST', `/api/product/${inStock}/notify`, {
      body: { email: 'b@example.hu' },
      headers: from(),
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toMatch(/raktáron van/);
    const missing = await api(server, 'POST', '/api/product/987654/notify', {
      body: { email: 'b@example.hu' },
      headers: from(),
    });
    expect(missing.status).toBe(404);
  });

  it('answers 429 once one address asked too often', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 21; n++) {
      const { status } = await api(server, 'POST', `/api/product/${soldOut}/notify`, {
        body: { email: `sok${n}@example.hu` },
        headers: from('203.0.113.77'),
      });
      statuses.push(status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('the product page answer and its related products', () => {
  it('carries the cheapest shipping, and GET /api/product/{id}/related lists the category’s others', async () => {
    const page = await api<{ shipping: unknown }>(server, 'GET', `/api/product/${inStock}`);
    expect(page.status).toBe(200);
    expect(page.body.shipping).toEqual({
      method: 'GLS futár',
      fee: 1990,
      deliveryTime: '1–2 munkanap',
      freeAbove: 20_000,
    });
    const related = await api<{ items: { id: number }[] }>(server, 'GET', `/api/product/${inStock}/related`);
    expect(related.status).toBe(200);
    expect(related.body.items.map((item) => item.id)).toEqual([sibling, soldOut]);
  });
});
