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

type Dashboard = {
  today: string;
  periods: Record<'today' | 'last7' | 'last30', { orders: number; revenue: number; averageBasket: number }>;
  revenueByDay: { date: string; orders: number; revenue: number }[];
  topProducts: { byQuantity: { productId: number | null; quantity: number }[] };
  waiting: { status: string; count: number }[];
  lowStock: { threshold: number; count: number; items: { id: number; stock: number }[] };
  quality: { check: string; count: number }[];
};

let server: TestServer;
let adminToken: string;
let customerToken: string;
let vase: number;

beforeAll(async () => {
  server = await startTestServer();
  const prisma = server.database.prisma;
  await prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES] });
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
  const product = await api<{ id: number }>(server, 'POST', '/api/product/update', {
    token: adminToken,
    body: {
      slug: 'utolso-vaza',
      price: 8990,
      stock: 9,
      descriptions: [{ language: 'hu', title: 'Utolsó váza' }],
    },
  });
  vase = product.body.id;
  const courier = await createShippingMethod(server, adminToken, { name: 'GLS futár', fee: 1990 });
  const cod = await createPaymentMethod(server, adminToken, {
    name: 'Utánvét',
    provider: 'cash_on_delivery',
    fee: 490,
  });
  const address = { name: 'Kovács Anna', postcode: '1137', city: 'Budapest', street: 'Pozsonyi út 23.' };
  const placed = await api(server, 'POST', '/api/cart/order', {
    body: {
      cart: [{ product: vase, quantity: 2 }],
      customer: { email: 'vevo@example.hu', firstName: 'Anna', lastName: 'Kovács', phone: '+36 30 123 4567' },
      shippingAddress: address,
      billingAddress: address,
      shippingMethod: courier,
      paymentMethod: cod,
      acceptTerms: true,
    },
  });
  expect(placed.status).toBe(200);
});
afterAll(() => server?.close());

describe('GET /api/dashboard', () => {
  it('answers the admin with the order placed over REST in the figures', async () => {
    const { status, headers, body } = await api<Dashboard>(server, 'GET', '/api/dashboard', {
      token: adminToken,
    });
    expect(status).toBe(200);
    expect(headers.get('x-operation-id')).toBeTruthy();
    // 2 × 8 990 + 1 990 courier + 490 cash on delivery = 20 460 Ft.
    const total = 2 * 8990 + 1990 + 490;
    expect(body.periods.last30).toEqual({
      orders: 1,
      revenue: total,
      refunded: 0,
      discounted: 0,
      averageBasket: total,
    });
    expect(body.revenueByDay).toHaveLength(30);
    expect(body.revenueByDay.reduce((sum, day) => sum + day.revenue, 0)).toBe(total);
    expect(body.topProducts.byQuantity).toEqual([
      { productId: vase, variantId: null, title: 'Utolsó váza', quantity: 2, revenue: 2 * 8990 },
    ]);
    expect(body.waiting.find((entry) => entry.status === 'received')?.count).toBe(1);
    expect(body.quality.map((check) => check.check)).toContain('missing-image');
  });

  it('reads the low-stock threshold from the query string', async () => {
    // 9 - 2 ordered = 7 pieces left: above the default threshold of 5, within 10.
    const standard = await api<Dashboard>(server, 'GET', '/api/dashboard', { token: adminToken });
    expect(standard.body.lowStock).toMatchObject({ threshold: 5, count: 0, items: [] });
    const wider = await api<Dashboard>(server, 'GET', '/api/dashboard?lowStockThreshold=10', {
      token: adminToken,
    });
    expect(wider.body.lowStock).toMatchObject({ threshold: 10, count: 1, items: [{ id: vase, stock: 7 }] });
  });

  it('refuses a bad threshold with a Hungarian 400, strangers with 401 and shoppers with 403', async () => {
    const bad = await api<{ message: string }>(server, 'GET', '/api/dashboard?lowStockThreshold=sok', {
      token: adminToken,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/lowStockThreshold/);
    expect(bad.body.message).toMatch(/számnak kell lennie/);
    const stranger = await api<{ message: string }>(server, 'GET', '/api/dashboard');
    expect(stranger.status).toBe(401);
    const shopper = await api<{ message: string }>(server, 'GET', '/api/dashboard', { token: customerToken });
    expect(shopper.status).toBe(403);
    expect(shopper.body.message).toBe('Ehhez a művelethez nincs jogosultságod.');
  });
});
