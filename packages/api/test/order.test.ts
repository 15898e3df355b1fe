import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionedCache } from '../src/cache';
import { ORDER_NOT_FOUND } from '../src/services/orders/order-read';
import { callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createProduct, createShop, orderInput, type Shop } from './order-fixtures';

let db: Database;
let shop: Shop;
let admin: SignedIn;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
});
afterAll(() => db?.close());

const stockOf = async (id: number) =>
  (await db.prisma.product.findUniqueOrThrow({ where: { id }, select: { stock: true } })).stock;

describe('a guest places an order (POST /api/cart/order)', () => {
  it('prices on the server, takes stock, numbers the order and queues the confirmation', async () => {
    const guest = await callerFor(db.prisma);
    const before = await stockOf(shop.products.mug);
    const { order, payment, accessKey } = await guest.cart.order(
      orderInput(shop, {
        cart: [
          { product: shop.products.mug, quantity: 2 },
          { product: shop.products.plate, quantity: 1 },
        ],
        note: 'Kérem, délután hozzák.',
      }),
    );
    expect(payment).toBeNull();
    expect(accessKey).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(order.number).toMatch(/^\d{4}-\d{6}$/);
    expect(order.status).toBe('received');
    // 2 × 3 990 + 2 490 = 10 470; courier 1 990; cash on delivery fee 490 → 12 950, already a multiple of 5.
    expect(order).toMatchObject({ itemsTotal: 10_470, total: 12_950, rounding: 0, paymentState: 'none' });
    expect(order.shippingMethod).toMatchObject({
      name: 'GLS futár',
      fee: 1990,
      deliveryTime: '1–2 munkanap',
    });
    expect(order.customer.phone).toBe('+36 30 123 4567');
    expect(order.vat).toEqual([
      {
        vatClass: '27',
        rate: 27,
        gross: 7980 + 1990 + 490,
        vat: Math.round((7980 * 27) / 127) + Math.round((1990 * 27) / 127) + Math.round((490 * 27) / 127),
      },
      { vatClass: '5', rate: 5, gross: 2490, vat: Math.round((2490 * 5) / 105) },
    ]);
    expect(order.vatContent).toBe(order.vat.reduce((sum, rate) => sum + rate.vat, 0));
    expect(order.termsVersion).toMatch(/^altalanos-szerzodesi-feltetelek@/);
    expect(order.history).toEqual([
      { status: 'received', at: order.createdAt, note: 'A rendelés beérkezett.' },
    ]);
    expect(await stockOf(shop.products.mug)).toBe(before - 2);

    const mail = await db.prisma.emailOutbox.findFirstOrThrow({
      where: { templateKey: 'order_confirmation', to: 'vevo@example.hu' },
      orderBy: { id: 'desc' },
    });
    expect(mail.subject).toBe(`Megkaptuk a rendelésedet (${order.number})`);
    for (const text of [
      'Kék bögre',
      'Porcelán tányér',
      '12\u00a0950\u00a0Ft',
      'Pozsonyi út 23.',
      'Elállási nyilatkozatminta',
      'Panaszkezelés',
      'Kérem, délután hozzák.',
    ]) {
      expect(mail.html).toContain(text);
    }
    expect(mail.html).toContain(`/order/${order.id}?key=${accessKey}`);
    expect(mail.html).not.toContain('{{');
  });

  it('rounds a cash-on-delivery total to 0 or 5 Ft, and a transfer total not at all', async () => {
    const odd = {
      id: await createProduct(db.prisma, {
        slug: 'paratlan',
        title: 'Páratlan árú',
        grossPrice: 1003,
        stock: 10,
      }),
    };
    const guest = await callerFor(db.prisma);
    const cash = await guest.cart.order(
      orderInput(shop, { cart: [{ product: odd.id, quantity: 1 }], shippingMethod: shop.shipping.locker }),
    );
    // 1 003 + 1 290 + 490 = 2 783 → 2 785.
    expect(cash.order).toMatchObject({ total: 2785, rounding: 2 });
    const transfer = await guest.cart.order(
      orderInput(shop, {
        cart: [{ product: odd.id, quantity: 1 }],
        shippingMethod: shop.shipping.locker,
        paymentMethod: shop.payment.transfer,
      }),
    );
    expect(transfer.order).toMatchObject({ total: 2293, rounding: 0 });
    const mail = await db.prisma.emailOutbox.findFirstOrThrow({
      where: { subject: { contains: transfer.order.number } },
    });
    expect(mail.html).toContain(`Közlemény: <strong>${transfer.order.number}</strong>`);
  });

  it('opens the order with its private key only; anyone else gets 404', async () => {
    const guest = await callerFor(db.prisma);
    const { order, accessKey } = await guest.cart.order(
      orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 1 }] }),
    );
    expect((await guest.order.byId({ id: order.id, key: accessKey! })).number).toBe(order.number);
    await expectTrpcError(guest.order.byId({ id: order.id }), 'NOT_FOUND', ORDER_NOT_FOUND);
    await expectTrpcError(
      guest.order.byId({ id: order.id, key: 'x'.repeat(32) }),
      'NOT_FOUND',
      ORDER_NOT_FOUND,
    );
    const someone = await createCustomer(db.prisma);
    await expectTrpcError(someone.caller.order.byId({ id: order.id }), 'NOT_FOUND');
    expect((await admin.caller.order.byId({ id: order.id })).id).toBe(order.id);
  });

  it('needs no address for personal pickup, but only the payment methods the pickup allows', async () => {
    const guest = await callerFor(db.prisma);
    const { order } = await guest.cart.order(
      orderInput(shop, {
        cart: [{ product: shop.products.mug, quantity: 1 }],
        shippingMethod: shop.shipping.pickup,
        paymentMethod: shop.payment.transfer,
        shippingAddress: null,
      }),
    );
    expect(order.shippingAddress).toBeNull();
    expect(order.total).toBe(3990);
    await expectTrpcError(
      guest.cart.order(
        orderInput(shop, {
          cart: [{ product: shop.products.mug, quantity: 1 }],
          shippingMethod: shop.shipping.pickup,
        }),
      ),
      'BAD_REQUEST',
      /paymentMethod/,
    );
    await expectTrpcError(
      guest.cart.order(
        orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 1 }], shippingAddress: null }),
      ),
      'BAD_REQUEST',
      /shippingAddress – A szállítási cím kötelező/,
    );
  });

  it('refuses an empty cart, unaccepted terms and a bad tax number in Hungarian', async () => {
    const guest = await callerFor(db.prisma);
    await expectTrpcError(guest.cart.order(orderInput(shop, { cart: [] })), 'BAD_REQUEST', 'A kosár üres.');
    await expectTrpcError(
      guest.cart.order({
        ...orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 1 }] }),
        acceptTerms: false as true,
      }),
      'BAD_REQUEST',
      /Általános Szerződési Feltételeket/,
    );
    const billing = {
      name: 'Minta Kft.',
      postcode: '1137',
      city: 'Budapest',
      street: 'Fő utca 1.',
      taxNumber: '12345678-1-12',
    };
    await expectTrpcError(
      guest.cart.order(
        orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 1 }], billingAddress: billing }),
      ),
      'BAD_REQUEST',
      /adószám/,
    );
  });

  it('answers a shortage with 409 naming the product and what is left, and writes nothing', async () => {
    const guest = await callerFor(db.prisma);
    const orders = await db.prisma.order.count();
    const mugStock = await stockOf(shop.products.mug);
    await expectTrpcError(
      guest.cart.order(
        orderInput(shop, {
          cart: [
            { product: shop.products.mug, quantity: 1 },
            { product: shop.products.scarce, quantity: 11 },
          ],
        }),
      ),
      'CONFLICT',
      '„Utolsó darabok” termékből csak 10 db van készleten.',
    );
    expect(await db.prisma.order.count()).toBe(orders);
    expect(await stockOf(shop.products.mug)).toBe(mugStock);
    expect(await stockOf(shop.products.scarce)).toBe(10);
  });

  it('refuses a product that was disabled with 409', async () => {
    const guest = await callerFor(db.prisma);
    await expectTrpcError(
      guest.cart.order(orderInput(shop, { cart: [{ product: shop.products.hidden, quantity: 1 }] })),
      'CONFLICT',
      /már nem kapható/,
    );
  });
});

describe('a signed-in customer orders from the server cart', () => {
  it('uses and empties the server cart, and lists the order under myorders, newest first', async () => {
    const customer = await createCustomer(db.prisma);
    await customer.caller.cart.add({ product: shop.products.tiered, quantity: 10 });
    const first = await customer.caller.cart.order(
      orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 99 }] }),
    );
    expect(first.order.lines).toEqual([
      {
        id: expect.any(Number),
        product: shop.products.tiered,
        variant: null,
        title: 'Kávéscsésze',
        kutiId: null,
        quantity: 10,
        unitPrice: 800,
        lineTotal: 8000,
        discount: 0,
        gift: false,
        vatRate: 27,
        vatClass: '27',
      },
    ]);
    expect((await customer.caller.cart.get()).lines).toEqual([]);
    await expectTrpcError(customer.caller.cart.order(orderInput(shop)), 'BAD_REQUEST', 'A kosár üres.');

    await customer.caller.cart.add({ product: shop.products.mug, quantity: 1 });
    const second = await customer.caller.cart.order(orderInput(shop));
    const mine = await customer.caller.order.myOrders();
    expect(mine.items.map((order) => order.id)).toEqual([second.order.id, first.order.id]);
    expect((await customer.caller.order.byId({ id: first.order.id })).number).toBe(first.order.number);

    const other = await createCustomer(db.prisma);
    expect((await other.caller.order.myOrders()).items).toEqual([]);
    await expectTrpcError(other.caller.order.byId({ id: first.order.id }), 'NOT_FOUND');
    const stranger = await callerFor(db.prisma);
    await expectTrpcError(stranger.order.myOrders(), 'UNAUTHORIZED');
  });
});

describe('Idempotency-Key', () => {
  it('answers a retried placement with the first order instead of a second one', async () => {
    const key = `retry-${Date.now()}`;
    const input = orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 1 }] });
    const first = await (await callerFor(db.prisma, { idempotencyKey: key })).cart.order(input);
    const stock = await stockOf(shop.products.mug);
    const again = await (await callerFor(db.prisma, { idempotencyKey: key })).cart.order(input);
    expect(again.order.id).toBe(first.order.id);
    expect(again.accessKey).toBeNull();
    expect(await stockOf(shop.products.mug)).toBe(stock);
    expect(await db.prisma.order.count({ where: { idempotencyKey: key } })).toBe(1);
  });

  it('places one order when the same key arrives twice at once', async () => {
    const key = `double-click-${Date.now()}`;
    const input = orderInput(shop, { cart: [{ product: shop.products.plate, quantity: 1 }] });
    const callers = await Promise.all([1, 2, 3].map(() => callerFor(db.prisma, { idempotencyKey: key })));
    const stock = await stockOf(shop.products.plate);
    const answers = await Promise.all(callers.map((caller) => caller.cart.order(input)));
    expect(new Set(answers.map((answer) => answer.order.id)).size).toBe(1);
    expect(await stockOf(shop.products.plate)).toBe(stock - 1);
  });

  it("will not hand one shopper's order to another who reuses the key", async () => {
    const key = `shared-${Date.now()}`;
    await (await callerFor(db.prisma, { idempotencyKey: key })).cart.order(
      orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 1 }] }),
    );
    const customer = await createCustomer(db.prisma);
    await customer.caller.cart.add({ product: shop.products.mug, quantity: 1 });
    const sameKey = await callerFor(db.prisma, { token: customer.token, idempotencyKey: key });
    await expectTrpcError(sameKey.cart.order(orderInput(shop)), 'CONFLICT', /Idempotency-Key/);
  });
});

describe('what the admin edits reaches the next order', () => {
  it('uses the edited confirmation template and records the edited terms version at once', async () => {
    const guest = await callerFor(db.prisma);
    const mug = orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 1 }] });
    const before = await guest.cart.order(mug);
    const template = await db.prisma.emailTemplate.findUniqueOrThrow({
      where: { key: 'order_confirmation' },
    });
    await admin.caller.email.update({ id: template.id, subject: 'Köszönjük! Rendelésszám: {{orderNumber}}' });
    const terms = await db.prisma.page.findUniqueOrThrow({
      where: { slug: 'altalanos-szerzodesi-feltetelek' },
    });
    await admin.caller.page.update({
      id: terms.id,
      descriptions: [{ language: 'hu', title: 'ÁSZF', body: 'Új szöveg' }],
    });

    const after = await guest.cart.order(mug);
    const mail = await db.prisma.emailOutbox.findFirstOrThrow({
      where: { templateKey: 'order_confirmation' },
      orderBy: { id: 'desc' },
    });
    expect(mail.subject).toBe(`Köszönjük! Rendelésszám: ${after.order.number}`);
    expect(after.order.termsVersion).not.toBe(before.order.termsVersion);
    const edited = await db.prisma.page.findUniqueOrThrow({ where: { id: terms.id } });
    expect(after.order.termsVersion).toBe(
      `altalanos-szerzodesi-feltetelek@${edited.updatedAt.toISOString()}`,
    );
  });
});

describe('stock under concurrent orders', () => {
  it('sells exactly the stock: 200 orders for 10 pieces give 10 orders and 190 clear 409s', async () => {
    const product = {
      id: await createProduct(db.prisma, {
        slug: 'tiz-darab',
        title: 'Tíz darab',
        grossPrice: 1000,
        stock: 10,
      }),
    };
    const guest = await callerFor(db.prisma);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () =>
        guest.cart.order(orderInput(shop, { cart: [{ product: product.id, quantity: 1 }] })),
      ),
    );
    const placed = results.filter((result) => result.status === 'fulfilled');
    const refused = results.flatMap((result) =>
      result.status === 'rejected' ? [result.reason as { code: string; message: string }] : [],
    );
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(190);
    expect(new Set(refused.map((error) => error.code))).toEqual(new Set(['CONFLICT']));
    expect(
      refused.every(
        (error) => error.message === '„Tíz darab” elfogyott.' || /csak \d+ db/.test(error.message),
      ),
    ).toBe(true);
    expect(await stockOf(product.id)).toBe(0);
    expect(await db.prisma.orderLine.count({ where: { productId: product.id } })).toBe(10);
  }, 120_000);

  it('never deadlocks when carts hold the same products in opposite order', async () => {
    const [first, second] = await Promise.all(
      ['elso', 'masodik'].map((slug) =>
        createProduct(db.prisma, {
          slug: `kereszt-${slug}`,
          title: `Kereszt ${slug}`,
          grossPrice: 500,
          stock: 30,
        }),
      ),
    );
    const guest = await callerFor(db.prisma);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        guest.cart.order(
          orderInput(shop, {
            cart:
              i % 2 === 0
                ? [
                    { product: first!, quantity: 1 },
                    { product: second!, quantity: 1 },
                  ]
                : [
                    { product: second!, quantity: 1 },
                    { product: first!, quantity: 1 },
                  ],
          }),
        ),
      ),
    );
    const refused = results.flatMap((result) =>
      result.status === 'rejected' ? [(result.reason as { code: string }).code] : [],
    );
    // 30 pieces of each: 30 orders, and the other 10 a clean 409, never a deadlock's 500.
    expect(results.length - refused.length).toBe(30);
    expect(new Set(refused)).toEqual(new Set(['CONFLICT']));
    expect([await stockOf(first!), await stockOf(second!)]).toEqual([0, 0]);
  }, 120_000);

  it('shows a sold-out product as sold out on another server within a second, without a rebuild', async () => {
    const product = {
      id: await createProduct(db.prisma, {
        slug: 'ket-darab',
        title: 'Két darab',
        grossPrice: 1000,
        stock: 2,
      }),
    };
    const otherServer = await callerFor(db.prisma, { cache: new VersionedCache(db.prisma) });
    expect((await otherServer.product.byId({ id: product.id })).inStock).toBe(true);
    const guest = await callerFor(db.prisma);
    await guest.cart.order(orderInput(shop, { cart: [{ product: product.id, quantity: 2 }] }));
    // This server applied its own sale at once.
    expect((await guest.product.byId({ id: product.id })).inStock).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const seen = await otherServer.product.byId({ id: product.id });
    expect(seen).toMatchObject({ inStock: false, stock: 0 });
  });
});

describe('order list (POST /api/order, admin)', () => {
  it('searches, filters and pages on the server; shoppers get 403, strangers 401', async () => {
    const guest = await callerFor(db.prisma);
    const { order } = await guest.cart.order(
      orderInput(shop, {
        cart: [{ product: shop.products.mug, quantity: 1 }],
        customer: {
          email: 'kereses.pista@example.hu',
          firstName: 'Pista',
          lastName: 'Keresős',
          phone: '+36 20 111 2222',
        },
      }),
    );
    const byName = await admin.caller.order.list({
      search: 'keresős',
      page: 1,
      pageSize: 25,
      sort: 'createdAt',
    });
    expect(byName.items.map((item) => item.number)).toEqual([order.number]);
    expect(byName.items[0]).toMatchObject({
      name: 'Keresős Pista',
      total: order.total,
      itemCount: 1,
      paymentState: 'none',
    });
    const byNumber = await admin.caller.order.list({
      search: order.number,
      page: 1,
      pageSize: 25,
      sort: 'createdAt',
    });
    expect(byNumber.total).toBe(1);
    const awaiting = await admin.caller.order.list({
      status: ['awaiting_payment'],
      page: 1,
      pageSize: 25,
      sort: 'createdAt',
    });
    expect(awaiting.items.every((item) => item.status === 'awaiting_payment')).toBe(true);
    const paged = await admin.caller.order.list({ page: 2, pageSize: 2, sort: 'createdAt', order: 'asc' });
    expect(paged.items).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(4);

    const customer = await createCustomer(db.prisma);
    await expectTrpcError(
      customer.caller.order.list({ page: 1, pageSize: 25, sort: 'createdAt' }),
      'FORBIDDEN',
    );
    await expectTrpcError(guest.order.list({ page: 1, pageSize: 25, sort: 'createdAt' }), 'UNAUTHORIZED');
  });
});
