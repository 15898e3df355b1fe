import type { Database, OrderStatus } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFor } from '../src/cache';
import type { TDashboardOutput } from '../src/schemas';
import { dashboardSummary } from '../src/services/dashboard';
import { callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createProduct, createShop, orderInput, type Shop } from './order-fixtures';

let db: Database;
let shop: Shop;
let admin: SignedIn;
let lowProduct: number;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
  lowProduct = await createProduct(db.prisma, {
    slug: 'fogyo',
    title: 'Fogyó bögre',
    grossPrice: 1500,
    stock: 2,
  });
});
afterAll(() => db?.close());

// ---------------------------------------------------------------- an independent model of the figures

const budapestDay = (instant: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Budapest', dateStyle: 'short' }).format(instant);

/** The n-th calendar day before `day` (`YYYY-MM-DD`), by plain calendar arithmetic. */
function daysBefore(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
}

type StoredOrder = {
  id: number;
  status: OrderStatus;
  createdAt: Date;
  grandTotal: number;
  refundedTotal: number;
  discountTotal: number;
  lines: { productId: number | null; productTitle: string; quantity: number; lineTotal: number }[];
};

const SALE = (status: OrderStatus) => !['cancelled', 'payment_failed', 'awaiting_payment'].includes(status);

/** What the dashboard must say, computed in JavaScript from every order as Prisma reads it. */
async function expected(now: Date) {
  const orders: StoredOrder[] = await db.prisma.order.findMany({
    select: {
      id: true,
      status: true,
      createdAt: true,
      grandTotal: true,
      refundedTotal: true,
      discountTotal: true,
      lines: { select: { productId: true, productTitle: true, quantity: true, lineTotal: true } },
    },
  });
  const today = budapestDay(now);
  const inLastDays = (order: StoredOrder, n: number) => {
    const day = budapestDay(order.createdAt);
    return day <= today && day > daysBefore(today, n);
  };
  const figures = (n: number) => {
    const sales = orders.filter((order) => SALE(order.status) && inLastDays(order, n));
    const revenue = sales.reduce((sum, order) => sum + order.grandTotal - order.refundedTotal, 0);
    return {
      orders: sales.length,
      revenue,
      refunded: sales.reduce((sum, order) => sum + order.refundedTotal, 0),
      discounted: sales.reduce((sum, order) => sum + order.discountTotal, 0),
      averageBasket: sales.length ? Math.round(revenue / sales.length) : 0,
    };
  };
  const days = Array.from({ length: 30 }, (_, i) => daysBefore(today, 29 - i)).map((date) => {
    const sales = orders.filter((order) => SALE(order.status) && budapestDay(order.createdAt) === date);
    return {
      date,
      orders: sales.length,
      revenue: sales.reduce((sum, order) => sum + order.grandTotal - order.refundedTotal, 0),
    };
  });
  const sold = new Map<string, { quantity: number; revenue: number }>();
  for (const order of orders.filter((o) => SALE(o.status) && inLastDays(o, 30))) {
    for (const line of order.lines) {
      const key = String(line.productId ?? line.productTitle);
      const entry = sold.get(key) ?? { quantity: 0, revenue: 0 };
      sold.set(key, { quantity: entry.quantity + line.quantity, revenue: entry.revenue + line.lineTotal });
    }
  }
  const waiting = (status: OrderStatus) => orders.filter((order) => order.status === status);
  const awaiting = waiting('awaiting_payment');
  return {
    today,
    periods: { today: figures(1), last7: figures(7), last30: figures(30) },
    days,
    sold,
    waiting: (['received', 'processing', 'packed', 'shipped', 'ready_for_pickup'] as const).map((status) => ({
      status,
      count: waiting(status).length,
    })),
    pending: { count: awaiting.length, total: awaiting.reduce((sum, order) => sum + order.grandTotal, 0) },
  };
}

function expectMatches(actual: TDashboardOutput, model: Awaited<ReturnType<typeof expected>>) {
  expect(actual.today).toBe(model.today);
  expect(actual.periods).toEqual(model.periods);
  expect(actual.revenueByDay).toEqual(model.days);
  for (const product of [...actual.topProducts.byQuantity, ...actual.topProducts.byRevenue]) {
    expect(model.sold.get(String(product.productId ?? product.title))).toEqual({
      quantity: product.quantity,
      revenue: product.revenue,
    });
  }
  const quantities = [...model.sold.values()].map((entry) => entry.quantity).sort((a, b) => b - a);
  expect(actual.topProducts.byQuantity.map((product) => product.quantity)).toEqual(quantities.slice(0, 5));
  const revenues = [...model.sold.values()].map((entry) => entry.revenue).sort((a, b) => b - a);
  expect(actual.topProducts.byRevenue.map((product) => product.revenue)).toEqual(revenues.slice(0, 5));
  expect(actual.waiting.map(({ status, count }) => ({ status, count }))).toEqual(model.waiting);
  expect({ count: actual.pendingPayments.count, total: actual.pendingPayments.total }).toEqual(model.pending);
}

// ---------------------------------------------------------------- orders with known times and totals

let sequence = 0;

async function insertOrder(data: {
  at: string;
  status: OrderStatus;
  total: number;
  refunded?: number;
  discount?: number;
  lines?: { productId: number | null; title: string; quantity: number; lineTotal: number }[];
}) {
  sequence++;
  // Each order its own line of a product since deleted, so only the lines below make a top product.
  const lines = data.lines ?? [
    { productId: null, title: `Tétel ${sequence}`, quantity: 1, lineTotal: data.total },
  ];
  const itemsTotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  return db.prisma.order.create({
    data: {
      number: `2026-9${String(sequence).padStart(5, '0')}`,
      accessKeyHash: `dashboard-test-${sequence}`,
      termsVersion: 'aszf@teszt',
      status: data.status,
      email: `vevo${sequence}@example.hu`,
      firstName: 'Anna',
      lastName: `Vevő${sequence}`,
      billingName: 'Vevő Anna',
      billingPostcode: '1137',
      billingCity: 'Budapest',
      billingStreet: 'Pozsonyi út 23.',
      shippingMethodName: 'GLS futár',
      shippingFee: data.total - itemsTotal,
      paymentMethodName: 'Utánvét',
      paymentProvider: 'cash_on_delivery',
      paymentFee: 0,
      itemsTotal,
      vatTotal: Math.round((data.total * 27) / 127),
      grandTotal: data.total,
      refundedTotal: data.refunded ?? 0,
      discountTotal: data.discount ?? 0,
      createdAt: new Date(data.at),
      lines: {
        create: lines.map((line) => ({
          productId: line.productId,
          productTitle: line.title,
          kutiId: null,
          unitPrice: Math.round(line.lineTotal / line.quantity),
          vatRate: 27,
          quantity: line.quantity,
          lineTotal: line.lineTotal,
        })),
      },
    },
    select: { id: true },
  });
}

const summary = (now: Date, input = {}) =>
  dashboardSummary({ prisma: db.prisma, cache: cacheFor(db.prisma) }, input, now);

describe('dashboard figures (Budapest days, counted statuses, refunds)', () => {
  // 31 March 2026, 12:00 in Budapest (CEST). The clocks went forward on 29 March at 02:00, so that
  // day had 23 hours; Budapest midnights are 22:00 UTC from 29 March on and 23:00 UTC before.
  const now = new Date('2026-03-31T10:00:00Z');

  beforeAll(async () => {
    const { mug, plate, tiered } = shop.products;
    // Today's first millisecond, and the last one of yesterday.
    await insertOrder({ at: '2026-03-30T22:00:00.000Z', status: 'received', total: 10_000 });
    await insertOrder({ at: '2026-03-30T21:59:59.999Z', status: 'processing', total: 7_000 });
    // Either side of the DST day's start (29 March starts at 23:00 UTC on the 28th).
    await insertOrder({ at: '2026-03-28T23:00:00.000Z', status: 'completed', total: 4_000 });
    await insertOrder({ at: '2026-03-28T22:59:59.999Z', status: 'shipped', total: 3_000 });
    // The 7-day period starts on 25 March (24 March 23:00 UTC).
    await insertOrder({ at: '2026-03-24T23:00:00.000Z', status: 'packed', total: 2_500 });
    await insertOrder({ at: '2026-03-24T22:59:59.999Z', status: 'ready_for_pickup', total: 2_000 });
    // The 30-day period starts on 2 March (1 March 23:00 UTC); the millisecond before is out.
    await insertOrder({ at: '2026-03-01T23:00:00.000Z', status: 'completed', total: 1_500 });
    await insertOrder({ at: '2026-03-01T22:59:59.999Z', status: 'completed', total: 99_999 });
    // Not sales, whenever they were placed.
    await insertOrder({ at: '2026-03-31T08:00:00Z', status: 'cancelled', total: 50_000 });
    await insertOrder({ at: '2026-03-31T08:05:00Z', status: 'payment_failed', total: 40_000 });
    await insertOrder({ at: '2026-03-31T08:10:00Z', status: 'awaiting_payment', total: 30_000 });
    await insertOrder({ at: '2026-03-20T08:10:00Z', status: 'awaiting_payment', total: 12_345 });
    // Refunds are subtracted; a fully refunded order is an order without revenue.
    await insertOrder({
      at: '2026-03-31T09:00:00Z',
      status: 'partially_refunded',
      total: 8_000,
      refunded: 3_000,
      // It was bought with a coupon: the discount given shows beside the revenue.
      discount: 1_200,
    });
    // A cancelled order's discount was never given.
    await insertOrder({ at: '2026-03-31T09:30:00Z', status: 'cancelled', total: 5_000, discount: 500 });
    await insertOrder({ at: '2026-03-27T09:00:00Z', status: 'refunded', total: 6_000, refunded: 6_000 });
    // Lines for the top products: the mug sells most pieces, the plate brings most money.
    await insertOrder({
      at: '2026-03-15T09:00:00Z',
      status: 'completed',
      total: 30_000,
      lines: [
        { productId: mug, title: 'Kék bögre', quantity: 6, lineTotal: 6_000 },
        { productId: plate, title: 'Porcelán tányér', quantity: 2, lineTotal: 24_000 },
      ],
    });
    await insertOrder({
      at: '2026-03-16T09:00:00Z',
      status: 'completed',
      total: 23_000,
      lines: [
        { productId: tiered, title: 'Kávéscsésze', quantity: 3, lineTotal: 3_000 },
        { productId: null, title: 'Törölt termék', quantity: 4, lineTotal: 20_000 },
      ],
    });
    // A cancelled order's lines never count, however many pieces.
    await insertOrder({
      at: '2026-03-17T09:00:00Z',
      status: 'cancelled',
      total: 90_000,
      lines: [{ productId: plate, title: 'Porcelán tányér', quantity: 90, lineTotal: 90_000 }],
    });
  });

  it('equals the sums computed independently from the stored orders', async () => {
    const actual = await summary(now);
    expectMatches(actual, await expected(now));
  });

  it('puts orders on the right Budapest day at midnight edges, also across the clock change', async () => {
    const { periods, revenueByDay } = await summary(now);
    const day = (date: string) => revenueByDay.find((entry) => entry.date === date);
    expect(revenueByDay).toHaveLength(30);
    expect(revenueByDay[0]?.date).toBe('2026-03-02');
    expect(revenueByDay[29]?.date).toBe('2026-03-31');
    // Today: the midnight order and the partly refunded one (8 000 - 3 000).
    expect(periods.today).toEqual({
      orders: 2,
      revenue: 15_000,
      refunded: 3_000,
      discounted: 1_200,
      averageBasket: 7_500,
    });
    expect(day('2026-03-30')).toEqual({ date: '2026-03-30', orders: 1, revenue: 7_000 });
    expect(day('2026-03-29')).toEqual({ date: '2026-03-29', orders: 1, revenue: 4_000 });
    expect(day('2026-03-28')).toEqual({ date: '2026-03-28', orders: 1, revenue: 3_000 });
    expect(day('2026-03-02')).toEqual({ date: '2026-03-02', orders: 1, revenue: 1_500 });
    // 25–31 March: 10 000 + 7 000 + 4 000 + 3 000 + 2 500 + 5 000 + 0 (refunded on the 27th).
    expect(periods.last7).toMatchObject({ orders: 7, revenue: 31_500, refunded: 9_000 });
    expect(periods.last7.averageBasket).toBe(Math.round(31_500 / 7));
    // Every day is there, days without orders as zero.
    expect(day('2026-03-10')).toEqual({ date: '2026-03-10', orders: 0, revenue: 0 });
  });

  it('ranks products by pieces and by money over the 30 days, deleted products under their old title', async () => {
    const { topProducts } = await summary(now);
    expect(topProducts.byQuantity[0]).toMatchObject({ productId: shop.products.mug, title: 'Kék bögre' });
    expect(topProducts.byRevenue[0]).toEqual({
      productId: shop.products.plate,
      variantId: null,
      title: 'Porcelán tányér',
      quantity: 2,
      revenue: 24_000,
    });
    expect(topProducts.byRevenue[1]).toEqual({
      productId: null,
      variantId: null,
      title: 'Törölt termék',
      quantity: 4,
      revenue: 20_000,
    });
    expect(topProducts.byQuantity.map((product) => [product.title, product.quantity]).slice(0, 3)).toEqual([
      ['Kék bögre', 6],
      ['Törölt termék', 4],
      ['Kávéscsésze', 3],
    ]);
  });

  it('counts open work per status and the pending card payments, oldest first', async () => {
    const { waiting, pendingPayments } = await summary(now);
    expect(waiting.find((entry) => entry.status === 'received')).toEqual({
      status: 'received',
      count: 1,
      oldestAt: '2026-03-30T22:00:00.000Z',
    });
    expect(pendingPayments.count).toBe(2);
    expect(pendingPayments.total).toBe(42_345);
    expect(pendingPayments.oldest.map((order) => order.total)).toEqual([12_345, 30_000]);
  });

  it('lists open withdrawals with the refund deadline 14 days after the oldest', async () => {
    const order = await insertOrder({ at: '2026-03-10T09:00:00Z', status: 'completed', total: 1_000 });
    const open = (createdAt: string, status: 'open' | 'completed' = 'open') =>
      db.prisma.withdrawal.create({
        data: {
          orderId: order.id,
          status,
          lines: [],
          name: 'Vevő Anna',
          email: 'vevo@example.hu',
          createdAt: new Date(createdAt),
        },
      });
    await open('2026-03-20T10:00:00Z');
    await open('2026-03-12T10:00:00Z');
    await open('2026-03-11T10:00:00Z', 'completed');
    const { withdrawals } = await summary(now);
    expect(withdrawals.count).toBe(2);
    expect(withdrawals.oldestDeadline).toBe('2026-03-26T10:00:00.000Z');
    expect(withdrawals.oldest.map((item) => item.createdAt)).toEqual([
      '2026-03-12T10:00:00.000Z',
      '2026-03-20T10:00:00.000Z',
    ]);
    expect(withdrawals.oldest[0]).toMatchObject({
      orderId: order.id,
      refundDeadline: '2026-03-26T10:00:00.000Z',
    });
    await db.prisma.withdrawal.deleteMany({});
  });
});

describe('GET /api/dashboard (dashboard.summary)', () => {
  it('refuses a stranger (401) and a customer (403)', async () => {
    const anonymous = await callerFor(db.prisma);
    await expectTrpcError(anonymous.dashboard.summary({}), 'UNAUTHORIZED');
    const customer = await createCustomer(db.prisma);
    await expectTrpcError(customer.caller.dashboard.summary({}), 'FORBIDDEN');
  });

  it("shows an order placed now in today's figures and its lines among the top products", async () => {
    const before = await admin.caller.dashboard.summary({});
    const guest = await callerFor(db.prisma);
    const { order } = await guest.cart.order(
      orderInput(shop, { cart: [{ product: shop.products.tiered, quantity: 40 }] }),
    );
    const after = await admin.caller.dashboard.summary({});
    expectMatches(after, await expected(new Date()));
    const day = (answer: TDashboardOutput) =>
      answer.revenueByDay.find((entry) => entry.date === budapestDay(new Date(order.createdAt)));
    expect(day(after)?.orders).toBe((day(before)?.orders ?? 0) + 1);
    expect(day(after)?.revenue).toBe((day(before)?.revenue ?? 0) + order.total);
    expect(after.topProducts.byQuantity[0]).toMatchObject({ productId: shop.products.tiered, quantity: 40 });
    expect(after.waiting.find((entry) => entry.status === 'received')?.count).toBe(
      (before.waiting.find((entry) => entry.status === 'received')?.count ?? 0) + 1,
    );
  });

  it('lists enabled products at or below the stock threshold, lowest first', async () => {
    const standard = await admin.caller.dashboard.summary({});
    expect(standard.lowStock.threshold).toBe(5);
    // The disabled product with 5 pieces is not listed; "Utolsó darabok" has 10.
    expect(standard.lowStock.items.map((item) => item.id)).toEqual([lowProduct]);
    expect(standard.lowStock.count).toBe(1);
    const wider = await admin.caller.dashboard.summary({ lowStockThreshold: 10 });
    expect(wider.lowStock.items.map((item) => [item.id, item.stock])).toEqual([
      [lowProduct, 2],
      [shop.products.scarce, 10],
    ]);
    await expectTrpcError(
      admin.caller.dashboard.summary({ lowStockThreshold: -1 }),
      'BAD_REQUEST',
      /készlethatár nem lehet negatív/,
    );
  });

  it('carries the catalogue check counts of the check page, fresh after a catalogue change or a sell-out', async () => {
    const count = (answer: TDashboardOutput, check: string) =>
      answer.quality.find((entry) => entry.check === check)?.count;
    const before = await admin.caller.dashboard.summary({});
    expect(before.quality).toEqual((await admin.caller.product.qualitySummary()).items);
    // A new product without a picture, written as every catalogue writer does (the catalogue moves on).
    const lastPieces = await createProduct(db.prisma, {
      slug: 'kep-nelkul',
      title: 'Kép nélküli kancsó',
      grossPrice: 2000,
      stock: 3,
    });
    const added = await admin.caller.dashboard.summary({});
    expect(count(added, 'missing-image')).toBe((count(before, 'missing-image') ?? 0) + 1);
    // Its last pieces sold: enabled with no stock, without any catalogue write.
    const guest = await callerFor(db.prisma);
    await guest.cart.order(orderInput(shop, { cart: [{ product: lastPieces, quantity: 3 }] }));
    const soldOut = await admin.caller.dashboard.summary({});
    expect(count(soldOut, 'no-stock-but-enabled')).toBe((count(added, 'no-stock-but-enabled') ?? 0) + 1);
    expect(soldOut.quality).toEqual((await admin.caller.product.qualitySummary()).items);
  });
  it('lists a product sold in variants per variant, under the name it is sold by', async () => {
    const size = await db.prisma.property.create({
      data: {
        code: 'meret-dashboard',
        descriptions: { create: { language: 'hu', title: 'Méret' } },
        values: {
          create: [
            { position: 0, descriptions: { create: { language: 'hu', title: 'S' } } },
            { position: 1, descriptions: { create: { language: 'hu', title: 'M' } } },
          ],
        },
      },
      select: { id: true, values: { select: { id: true }, orderBy: { position: 'asc' } } },
    });
    const [small, medium] = size.values;
    // Plenty in all (12) as a product, but size S is down to its last piece.
    const shirt = await createProduct(db.prisma, {
      slug: 'polo',
      title: 'Póló',
      grossPrice: 4990,
      stock: 12,
      options: { create: { propertyId: size.id } },
      variants: {
        create: [
          { kutiId: 'POLO-S', stock: 1, values: { create: { propertyValueId: small!.id } } },
          { kutiId: 'POLO-M', stock: 11, position: 1, values: { create: { propertyValueId: medium!.id } } },
        ],
      },
    });
    const variantS = await db.prisma.productVariant.findUniqueOrThrow({ where: { kutiId: 'POLO-S' } });
    const answer = await admin.caller.dashboard.summary({});
    expect(answer.lowStock.items.find((item) => item.id === shirt)).toEqual({
      id: shirt,
      variantId: variantS.id,
      title: 'Póló, S',
      kutiId: 'POLO-S',
      stock: 1,
      unit: 'db',
    });
    expect(answer.lowStock.items.filter((item) => item.id === shirt)).toHaveLength(1);
  });
});
