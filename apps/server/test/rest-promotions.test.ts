import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createPaymentMethod,
  createShippingMethod,
  createUser,
  signIn,
  startTestServer,
  type TestServer,
} from './test-server';

type ErrorBody = { message: string; issues?: { path: string; message: string }[] };
type Cart = {
  itemsTotal: number;
  discountTotal: number;
  coupon: { code: string; applied: boolean; message: string | null } | null;
  discounts: { code: string | null; amount: number }[];
};

// Promotions over HTTP as an integrator or the shop's own client sees them: the admin's operations
// refuse strangers and shoppers, bad input gets a Hungarian 400 naming the field, a code is checked
// against a cart without ordering, and the order answers and e-mails its discounts.
let server: TestServer;
let adminToken: string;
let customerToken: string;
let product = 0;
let courier = 0;
let transfer = 0;

const promotionBody = {
  name: 'Adventi 10 %',
  automatic: false,
  kind: 'percent',
  value: 10,
  code: 'advent10',
};

beforeAll(async () => {
  server = await startTestServer();
  const prisma = server.database.prisma;
  await prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES] });
  await prisma.page.create({
    data: {
      slug: 'altalanos-szerzodesi-feltetelek',
      descriptions: { create: { language: 'hu', title: 'ÁSZF' } },
    },
  });
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
  const created = await api<{ id: number }>(server, 'POST', '/api/product/update', {
    token: adminToken,
    body: {
      slug: 'kek-bogre',
      price: 3990,
      stock: 50,
      descriptions: [{ language: 'hu', title: 'Kék bögre' }],
    },
  });
  product = created.body.id;
  courier = await createShippingMethod(server, adminToken, { name: 'GLS futár', fee: 1990 });
  transfer = await createPaymentMethod(server, adminToken, { name: 'Átutalás', provider: 'bank_transfer' });
});
afterAll(() => server?.close());

describe('the admin’s promotion operations', () => {
  it('refuse strangers (401) and shoppers (403)', async () => {
    expect((await api(server, 'GET', '/api/promotion')).status).toBe(401);
    expect((await api(server, 'GET', '/api/promotion', { token: customerToken })).status).toBe(403);
    expect(
      (await api(server, 'POST', '/api/promotion', { token: customerToken, body: promotionBody })).status,
    ).toBe(403);
  });

  it('refuse bad input with a Hungarian 400 that names the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...promotionBody, value: 150 }, 'value'],
      [{ ...promotionBody, kind: 'ajandek' }, 'kind'],
      [{ ...promotionBody, code: 'ÁRVÍZ 10' }, 'code'],
      [{ ...promotionBody, startsAt: '2026-12-24T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }, 'endsAt'],
      [{ ...promotionBody, usageLimit: 0 }, 'usageLimit'],
      [{ ...promotionBody, name: 'a\u0000b' }, 'name'],
      [{ ...promotionBody, discount: 10 }, ''],
    ];
    for (const [body, field] of cases) {
      const { status, body: answer } = await api<ErrorBody>(server, 'POST', '/api/promotion', {
        token: adminToken,
        body,
      });
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.message).toMatch(/[áéíóöőúüű]/i);
      if (field) expect(answer.issues?.map((issue) => issue.path)).toContain(field);
    }
  });

  it('create a promotion, refuse its code twice (409), and download its codes as CSV', async () => {
    const created = await api<{ id: number; codes: { code: string }[]; state: string }>(
      server,
      'POST',
      '/api/promotion',
      { token: adminToken, body: promotionBody },
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ codes: [{ code: 'ADVENT10' }], state: 'running' });
    const again = await api<ErrorBody>(server, 'POST', '/api/promotion', {
      token: adminToken,
      body: promotionBody,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Ez a kuponkód már létezik.');
    const codes = await fetch(`${server.url}/api/promotion/${created.body.id}/codes`, {
      headers: { token: adminToken },
    });
    expect(codes.headers.get('content-type')).toMatch(/^text\/csv/);
    // fetch's text() drops the byte order mark that Excel needs and the file has.
    expect((await codes.text()).trim().split('\r\n')).toEqual([
      'Kód;Felhasználható;Felhasználva',
      'ADVENT10;;0',
    ]);
  });
});

describe('a code against a cart, and the order with it', () => {
  const cart = () => [{ product, quantity: 2 }];

  it('POST /api/cart/coupon answers the cart with the code, or why it does not apply', async () => {
    const good = await api<Cart>(server, 'POST', '/api/cart/coupon', {
      body: { couponCode: 'Advent10', cart: cart() },
    });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ itemsTotal: 7182, discountTotal: 798, coupon: { applied: true } });
    const unknown = await api<Cart>(server, 'POST', '/api/cart/coupon', {
      body: { couponCode: 'NINCSILYEN', cart: cart() },
    });
    expect(unknown.body.coupon).toEqual({
      code: 'NINCSILYEN',
      applied: false,
      message: 'Nincs ilyen kuponkód.',
    });
    const bad = await api<ErrorBody>(server, 'POST', '/api/cart/coupon', {
      body: { couponCode: 'a'.repeat(41), cart: cart() },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues?.[0]?.path).toBe('couponCode');
  });

  it('POST /api/cart/order takes couponCode, answers its discounts and e-mails them', async () => {
    const address = { name: 'Kovács Anna', postcode: '1137', city: 'Budapest', street: 'Pozsonyi út 23.' };
    const order = {
      cart: cart(),
      customer: { email: 'kupon@rest.hu', firstName: 'Anna', lastName: 'Kovács', phone: '+36 30 123 4567' },
      shippingAddress: address,
      billingAddress: address,
      shippingMethod: courier,
      paymentMethod: transfer,
      acceptTerms: true,
    };
    const refused = await api<ErrorBody>(server, 'POST', '/api/cart/order', {
      body: { ...order, couponCode: 'NINCSILYEN' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([{ path: 'couponCode', message: 'Nincs ilyen kuponkód.' }]);

    const placed = await api<{
      order: {
        number: string;
        total: number;
        discountTotal: number;
        lines: { lineTotal: number; discount: number }[];
      };
    }>(server, 'POST', '/api/cart/order', { body: { ...order, couponCode: 'ADVENT10' } });
    expect(placed.status).toBe(200);
    expect(placed.body.order).toMatchObject({
      total: 7182 + 1990,
      discountTotal: 798,
      lines: [{ lineTotal: 7182, discount: 798 }],
    });
    const mail = await server.database.prisma.emailOutbox.findFirstOrThrow({
      where: { to: 'kupon@rest.hu', templateKey: 'order_confirmation' },
      select: { text: true },
    });
    expect(mail.text).toContain('Kedvezmény – Adventi 10 % (ADVENT10)');
  });
});
