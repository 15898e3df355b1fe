import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createPaymentMethod,
  createShippingMethod,
  createUser,
  signIn,
  startSellingServer,
  type TestServer,
  type TestUser,
} from './test-server';

type Quote = { id: number; status: string; total: number; lines: { id: number; unitPrice: number }[] };
type CartLine = { product: number; quantity: number; unitPrice: number; quoteLineId: number | null };

let server: TestServer;
let adminToken: string;
let customer: TestUser;
let customerToken: string;
let otherToken: string;
let mug: number;
let courier: number;
let cod: number;
let offerRequestId: number;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ({ server } = await startSellingServer());
  const prisma = server.database.prisma;
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customer = await createUser(server.database, 'customer');
  customerToken = await signIn(server, customer);
  otherToken = await signIn(server, await createUser(server.database, 'customer'));
  const product = await api<{ id: number }>(server, 'POST', '/api/product/update', {
    token: adminToken,
    body: {
      slug: 'kek-bogre',
      price: 3990,
      stock: 500,
      descriptions: [{ language: 'hu', title: 'Kék bögre' }],
    },
  });
  mug = product.body.id;
  courier = await createShippingMethod(server, adminToken, { name: 'GLS futár', fee: 1990 });
  cod = await createPaymentMethod(server, adminToken, { name: 'Utánvét', provider: 'cash_on_delivery' });
  // As POST /api/contact/offer stores it (that form's own tests cover the form).
  const request = await prisma.offerRequest.create({
    data: {
      name: 'Kovács Anna',
      email: customer.email,
      companyName: 'Minta Kft.',
      lines: { create: [{ productId: mug, productTitle: 'Kék bögre', quantity: 50 }] },
    },
  });
  offerRequestId = request.id;
});
afterAll(() => server?.close());

async function latestLinkToken(): Promise<string> {
  const mail = await server.database.prisma.emailOutbox.findFirstOrThrow({
    where: { to: customer.email, templateKey: 'quote_sent' },
    orderBy: { id: 'desc' },
  });
  const match = new RegExp(`${server.url}/quote/([A-Za-z0-9_-]+)`).exec(mail.html);
  if (!match?.[1]) throw new Error('A levélben nincs árajánlat-link.');
  return match[1];
}

describe('/api/quote', () => {
  it('is for admins: strangers get 401, shoppers 403', async () => {
    expect((await api(server, 'GET', '/api/quote')).status).toBe(401);
    expect((await api(server, 'GET', '/api/quote', { token: customerToken })).status).toBe(403);
    expect(
      (await api(server, 'POST', '/api/quote', { token: customerToken, body: { offerRequestId } })).status,
    ).toBe(403);
  });

  it('answers GET /quote/proposal (a literal path before /quote/{id}) with the requested lines at list price', async () => {
    const { status, body } = await api<{ lines: { unitPrice: number; quantity: number }[] }>(
      server,
      'GET',
      `/api/quote/proposal?offerRequest=${offerRequestId}`,
      { token: adminToken },
    );
    expect(status).toBe(200);
    expect(body.lines).toEqual([expect.objectContaining({ product: mug, quantity: 50, unitPrice: 3990 })]);
  });

  it('refuses a negative price or a broken date with a Hungarian 400', async () => {
    const bad = await api<{ message: string }>(server, 'POST', '/api/quote', {
      token: adminToken,
      body: { offerRequestId, lines: [{ product: mug, quantity: 50, unitPrice: -1 }], validUntil: inDays(5) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/nem lehet negatív/);
    const date = await api<{ message: string }>(server, 'POST', '/api/quote', {
      token: adminToken,
      body: {
        offerRequestId,
        lines: [{ product: mug, quantity: 50, unitPrice: 3000 }],
        validUntil: '2026.12.01',
      },
    });
    expect(date.status).toBe(400);
    expect(date.body.message).toMatch(/ÉÉÉÉ-HH-NN/);
  });

  it('an offer request becomes a quote, is e-mailed, fills its customer’s cart and is ordered at its price once', async () => {
    const created = await api<Quote>(server, 'POST', '/api/quote', {
      token: adminToken,
      body: {
        offerRequestId,
        lines: [{ product: mug, quantity: 50, unitPrice: 3000 }],
        validUntil: inDays(10),
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ status: 'draft', total: 150_000 });
    const sent = await api<Quote>(server, 'POST', '/api/quote/send', {
      token: adminToken,
      body: { id: created.body.id },
    });
    expect(sent.body.status).toBe('sent');
    const token = await latestLinkToken();

    const seen = await api<{ blockedBy: string | null; total: number }>(server, 'POST', '/api/quote/view', {
      body: { token },
    });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ blockedBy: 'sign_in', total: 150_000 });
    expect((await api(server, 'POST', '/api/quote/accept', { body: { token } })).status).toBe(401);
    const foreign = await api<{ message: string }>(server, 'POST', '/api/quote/accept', {
      token: otherToken,
      body: { token },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toMatch(/másik vásárlónak szól/);

    const accepted = await api<{ lines: CartLine[]; subtotal: number }>(server, 'POST', '/api/quote/accept', {
      token: customerToken,
      body: { token },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.lines).toEqual([
      expect.objectContaining({
        product: mug,
        quantity: 50,
        unitPrice: 3000,
        quoteLineId: created.body.lines[0]!.id,
      }),
    ]);
    expect(accepted.body.subtotal).toBe(150_000);

    const placed = await api<{ order: { id: number; itemsTotal: number; lines: { unitPrice: number }[] } }>(
      server,
      'POST',
      '/api/cart/order',
      {
        token: customerToken,
        body: {
          customer: {
            email: customer.email,
            firstName: 'Anna',
            lastName: 'Kovács',
            phone: '+36 30 123 4567',
          },
          shippingAddress: {
            name: 'Kovács Anna',
            postcode: '1137',
            city: 'Budapest',
            street: 'Pozsonyi út 23.',
          },
          billingAddress: {
            name: 'Kovács Anna',
            postcode: '1137',
            city: 'Budapest',
            street: 'Pozsonyi út 23.',
          },
          shippingMethod: courier,
          paymentMethod: cod,
          acceptTerms: true,
        },
      },
    );
    expect(placed.status).toBe(200);
    expect(placed.body.order.lines.map((line) => line.unitPrice)).toEqual([3000]);

    const again = await api<{ message: string }>(server, 'POST', '/api/quote/accept', {
      token: customerToken,
      body: { token },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/egyszer használható/);
    const listed = await api<{ items: (Quote & { orderId: number | null })[] }>(
      server,
      'GET',
      `/api/quote?offerRequest=${offerRequestId}`,
      { token: adminToken },
    );
    expect(listed.body.items[0]).toMatchObject({ status: 'used', orderId: placed.body.order.id });
    expect((await api(server, 'DELETE', `/api/quote/${created.body.id}`, { token: adminToken })).status).toBe(
      409,
    );
  });

  it('an unknown link is a 404 with a sentence for the shopper', async () => {
    const { status, body } = await api<{ message: string }>(server, 'POST', '/api/quote/view', {
      body: { token: 'nincs-ilyen' },
    });
    expect(status).toBe(404);
    expect(body.message).toMatch(/árajánlat-link érvénytelen/);
  });
});
