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

let server: TestServer;
let adminToken: string;
let customerToken: string;
const placed: { id: number; number: string; total: number; email: string }[] = [];

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
  const product = await api<{ id: number }>(server, 'POST', '/api/product/update', {
    token: adminToken,
    body: {
      slug: 'kek-bogre',
      price: 3990,
      stock: 50,
      descriptions: [{ language: 'hu', title: 'Kék bögre' }],
    },
  });
  const courier = await createShippingMethod(server, adminToken, { name: 'GLS futár', fee: 1990 });
  const locker = await createShippingMethod(server, adminToken, { name: 'Csomagautomata', fee: 1290 });
  const cod = await createPaymentMethod(server, adminToken, {
    name: 'Utánvét',
    provider: 'cash_on_delivery',
  });
  for (const [lastName, shippingMethod] of [
    ['Kovács', courier],
    ['Szabó', locker],
  ] as const) {
    const email = `${lastName === 'Kovács' ? 'kovacs' : 'szabo'}@rest.hu`;
    const address = {
      name: `${lastName} Anna`,
      postcode: '1137',
      city: 'Budapest',
      street: 'Pozsonyi út 23.',
    };
    const { status, body } = await api<{ order: { id: number; number: string; total: number } }>(
      server,
      'POST',
      '/api/cart/order',
      {
        body: {
          cart: [{ product: product.body.id, quantity: 1 }],
          customer: { email, firstName: 'Anna', lastName, phone: '+36 30 123 4567' },
          shippingAddress: address,
          billingAddress: address,
          shippingMethod,
          paymentMethod: cod,
          acceptTerms: true,
        },
      },
    );
    expect(status).toBe(200);
    placed.push({ ...body.order, email });
  }
  await prisma.order.update({ where: { id: placed[1]!.id }, data: { status: 'processing' } });
});
afterAll(() => server?.close());

const download = (query: string, token?: string) =>
  fetch(`${server.url}/api/order/download${query}`, { headers: token ? { token } : {} });

describe('GET /api/order/download', () => {
  it('sends the filtered orders as an Excel-ready CSV file, filters read from the query string', async () => {
    const response = await download('?status=processing&status=shipped', adminToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="rendelesek-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]?.split(';').slice(0, 3)).toEqual(['Rendelésszám', 'Dátum', 'Állapot']);
    expect(lines.slice(1, -1)).toHaveLength(1);
    expect(lines[1]).toContain(`${placed[1]!.number};`);
    expect(lines[1]).toContain(';Feldolgozás alatt;');
    expect(lines[1]).toContain(`;${placed[1]!.total};`);

    // A single status and the search work from the query string too; the literal route wins over /order/{id}.
    const one = await (await download('?status=received&search=kovacs', adminToken)).text();
    expect(
      one
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(';')[0]),
    ).toEqual([placed[0]!.number]);
  });

  it('answers a bad filter with a Hungarian 400, a shopper with 403 and a stranger with 401', async () => {
    const bad = await download('?status=nincs-ilyen', adminToken);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('Ismeretlen rendelési állapot.');
    const short = await download('?search=ab', adminToken);
    expect(short.status).toBe(400);
    expect((await download('', customerToken)).status).toBe(403);
    expect((await download('')).status).toBe(401);
  });
});

describe('admin order page over REST', () => {
  it('reads the order, corrects its address with PUT and resends its confirmation', async () => {
    const order = placed[0]!;
    const detail = await api<{ order: { number: string }; emails: { template: string }[] }>(
      server,
      'GET',
      `/api/order/${order.id}/admin`,
      { token: adminToken },
    );
    expect(detail.status).toBe(200);
    expect(detail.body.order.number).toBe(order.number);
    expect(detail.body.emails.map((mail) => mail.template)).toEqual(['order_confirmation']);

    const corrected = await api<{
      order: { shippingAddress: { city: string } };
      audit: { action: string }[];
    }>(server, 'PUT', `/api/order/${order.id}/address`, {
      token: adminToken,
      body: {
        shippingAddress: { name: 'Kovács Anna', postcode: '6720', city: 'Szeged', street: 'Kárász utca 5.' },
      },
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.order.shippingAddress.city).toBe('Szeged');
    expect(corrected.body.audit.map((entry) => entry.action)).toEqual(['address']);

    const resent = await api<{ to: string }>(server, 'POST', `/api/order/${order.id}/email`, {
      token: adminToken,
      body: { template: 'order_confirmation' },
    });
    expect(resent).toMatchObject({ status: 200, body: { to: order.email } });
    const forbidden = await api(server, 'POST', `/api/order/${order.id}/email`, {
      token: customerToken,
      body: { template: 'order_confirmation' },
    });
    expect(forbidden.status).toBe(403);
  });
});
