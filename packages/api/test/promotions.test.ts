import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPromotionCreateInput } from '../src/schemas';
import { formatForint } from '../src/services/email/format';
import { COUPON_TAKEN_MEANWHILE } from '../src/services/orders/place-order';
import {
  COUPON_EXPIRED,
  COUPON_FIRST_ORDER,
  COUPON_LESS_THAN_RULES,
  COUPON_UNKNOWN,
  COUPON_USED_BY_YOU,
  COUPON_USED_UP,
  couponMinimum,
} from '../src/services/promotions/apply-promotions';
import { callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

let db: Database;
let shop: Shop;
let admin: SignedIn;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
});
afterAll(() => db?.close());

const promotion = (input: Partial<TPromotionCreateInput> & Pick<TPromotionCreateInput, 'name' | 'kind'>) =>
  admin.caller.promotion.create({
    automatic: false,
    value: 0,
    categoryIds: [],
    productIds: [],
    propertyValueIds: [],
    customerGroupIds: [],
    firstOrderOnly: false,
    combines: false,
    paused: false,
    ...input,
  });

/** Two mugs (2 × 3 990 Ft, 27 %) and a plate (2 490 Ft, 5 %): 10 470 Ft. */
const cart = () => [
  { product: shop.products.mug, quantity: 2 },
  { product: shop.products.plate, quantity: 1 },
];

describe('a coupon code in the cart and the order', () => {
  it('takes 10 % off, spread over the lines to the forint, in the cart, the order and its VAT', async () => {
    await promotion({ name: 'Tíz százalék', kind: 'percent', value: 10, code: 'tiz10' });
    const guest = await callerFor(db.prisma);

    const priced = await guest.cart.coupon({ couponCode: ' Tiz10 ', cart: cart() });
    expect(priced.coupon).toEqual({ code: 'TIZ10', applied: true, message: null });
    expect(priced.lines.map((line) => [line.lineTotal, line.discount])).toEqual([
      [7980, 798],
      [2490, 249],
    ]);
    expect(priced).toMatchObject({ subtotal: 10_470, itemsTotal: 9423, discountTotal: 1047 });
    expect(priced.discounts).toEqual([
      {
        promotionId: expect.any(Number),
        code: 'TIZ10',
        label: 'Tíz százalék',
        amount: 1047,
        shipping: false,
      },
    ]);
    // The same through the guest cart's pricing.
    expect((await guest.cart.price({ cart: cart(), couponCode: 'TIZ10' })).itemsTotal).toBe(9423);

    const { order } = await guest.cart.order(
      orderInput(shop, { cart: cart(), couponCode: 'tiz10', paymentMethod: shop.payment.transfer }),
    );
    expect(order.lines.map((line) => [line.unitPrice, line.lineTotal, line.discount])).toEqual([
      [3990, 7182, 798],
      [2490, 2241, 249],
    ]);
    // Items 9 423 + courier 1 990 (free only from 20 000 Ft).
    expect(order).toMatchObject({ itemsTotal: 9423, discountTotal: 1047, total: 11_413 });
    expect(order.discounts).toEqual([
      {
        promotionId: expect.any(Number),
        code: 'TIZ10',
        label: 'Tíz százalék',
        amount: 1047,
        shipping: false,
      },
    ]);
    // VAT on what is paid per line: 27 % of the mugs and the courier, 5 % of the plate.
    expect(order.vat).toEqual([
      {
        vatClass: '27',
        rate: 27,
        gross: 7182 + 1990,
        vat: Math.round((7182 * 27) / 127) + Math.round((1990 * 27) / 127),
      },
      { vatClass: '5', rate: 5, gross: 2241, vat: Math.round((2241 * 5) / 105) },
    ]);
    const stored = await db.prisma.order.findUniqueOrThrow({
      where: { id: order.id },
      select: { grandTotal: true, lines: { select: { lineTotal: true } } },
    });
    expect(stored.lines.reduce((sum, line) => sum + line.lineTotal, 0) + 1990).toBe(stored.grandTotal);
    // The admin's order export names the discount beside the items' total.
    const csv = await admin.caller.order.download({ search: order.number });
    const [header, row] = csv.content
      .slice(1)
      .split('\r\n')
      .map((line) => line.split(';'));
    expect(row?.[header!.indexOf('Kedvezmény (Ft)')]).toBe('1047');
    expect(row?.[header!.indexOf('Termékek (Ft)')]).toBe('9423');
  });

  it('refuses a code with the reason in Hungarian, and the order without it goes through', async () => {
    const guest = await callerFor(db.prisma);
    await promotion({
      name: 'Lejárt',
      kind: 'percent',
      value: 5,
      code: 'LEJART',
      endsAt: '2026-01-01T00:00:00Z',
    });
    await promotion({
      name: 'Nagy kosár',
      kind: 'amount',
      value: 2000,
      code: 'NAGYKOSAR',
      minCartValue: 20_000,
    });

    const expired = await guest.cart.coupon({ couponCode: 'lejart', cart: cart() });
    expect(expired.coupon).toEqual({ code: 'LEJART', applied: false, message: COUPON_EXPIRED });
    expect(expired).toMatchObject({ discountTotal: 0, itemsTotal: 10_470 });
    expect((await guest.cart.coupon({ couponCode: 'NINCSILYEN', cart: cart() })).coupon?.message).toBe(
      COUPON_UNKNOWN,
    );
    const small = await guest.cart.coupon({ couponCode: 'NAGYKOSAR', cart: cart() });
    expect(small.coupon?.message).toBe(couponMinimum(20_000));
    expect(couponMinimum(10_000)).toBe(`A kosár értéke legalább ${formatForint(10_000)} legyen.`);

    await expectTrpcError(
      guest.cart.order(orderInput(shop, { cart: cart(), couponCode: 'LEJART' })),
      'BAD_REQUEST',
      COUPON_EXPIRED,
    );
    const { order } = await guest.cart.order(orderInput(shop, { cart: cart() }));
    expect(order.discounts).toEqual([]);
    expect(order.itemsTotal).toBe(10_470);
  });

  it('waives the shipping fee with a free-shipping code above its minimum', async () => {
    await promotion({
      name: 'Ingyen szállítás',
      kind: 'free_shipping',
      code: 'SZALLITAS',
      minCartValue: 5000,
    });
    const guest = await callerFor(db.prisma);
    const priced = await guest.cart.coupon({ couponCode: 'szallitas', cart: cart() });
    // The cart's estimate is the cheapest delivery, the locker (1 290 Ft); the order's is its courier.
    expect(priced.shipping).toMatchObject({ name: 'Csomagautomata', fee: 0 });
    expect(priced.discounts).toEqual([
      expect.objectContaining({ code: 'SZALLITAS', amount: 1290, shipping: true }),
    ]);
    const { order } = await guest.cart.order(
      orderInput(shop, { cart: cart(), couponCode: 'SZALLITAS', paymentMethod: shop.payment.transfer }),
    );
    expect(order).toMatchObject({ itemsTotal: 10_470, total: 10_470, discountTotal: 1990 });
    expect(order.shippingMethod.fee).toBe(0);
  });

  it('allows a first-order code only on a customer’s first order, and a per-customer limit once', async () => {
    await promotion({
      name: 'Első rendelés',
      kind: 'percent',
      value: 15,
      code: 'ELSO',
      firstOrderOnly: true,
    });
    await promotion({ name: 'Egyszer', kind: 'amount', value: 500, code: 'EGYSZER', perCustomerLimit: 1 });
    const customer = await createCustomer(db.prisma);
    expect((await customer.caller.cart.coupon({ couponCode: 'ELSO' })).coupon).toMatchObject({
      applied: false,
    });
    await customer.caller.cart.add({ product: shop.products.mug, quantity: 1 });
    expect((await customer.caller.cart.coupon({ couponCode: 'ELSO' })).coupon).toMatchObject({
      applied: true,
    });
    await customer.caller.cart.order(orderInput(shop, { couponCode: 'EGYSZER' }));

    await customer.caller.cart.add({ product: shop.products.mug, quantity: 1 });
    expect((await customer.caller.cart.coupon({ couponCode: 'ELSO' })).coupon?.message).toBe(
      COUPON_FIRST_ORDER,
    );
    expect((await customer.caller.cart.coupon({ couponCode: 'EGYSZER' })).coupon?.message).toBe(
      COUPON_USED_BY_YOU,
    );
    await expectTrpcError(
      customer.caller.cart.order(orderInput(shop, { couponCode: 'EGYSZER' })),
      'CONFLICT',
      COUPON_USED_BY_YOU,
    );
  });
});

describe('automatic rules', () => {
  it('take a category off without a code, hint how much is missing, and a smaller code is refused', async () => {
    const category = await db.prisma.category.create({
      data: { slug: 'tanyerok', descriptions: { create: { language: 'hu', title: 'Tányérok' } } },
      select: { id: true },
    });
    await db.prisma.productCategory.create({
      data: { productId: shop.products.plate, categoryId: category.id },
    });
    const { bumpCatalogue, invalidateCatalogue } = await import('../src/services/catalogue/in-memory-index');
    const { cacheFor } = await import('../src/cache');
    await bumpCatalogue(db.prisma);
    invalidateCatalogue(cacheFor(db.prisma));
    const rule = await promotion({
      name: 'Tányérok 20 %',
      automatic: true,
      kind: 'percent',
      value: 20,
      categoryIds: [category.id],
    });
    const above = await promotion({
      name: '30 000 felett 3 000 Ft',
      automatic: true,
      kind: 'amount',
      value: 3000,
      minCartValue: 30_000,
    });
    await promotion({ name: 'Kicsi kupon', kind: 'amount', value: 100, code: 'KICSI' });
    const guest = await callerFor(db.prisma);

    const priced = await guest.cart.price({ cart: cart() });
    expect(priced.lines.map((line) => line.discount)).toEqual([0, 498]);
    expect(priced.discounts).toEqual([
      { promotionId: rule.id, code: null, label: 'Tányérok 20 %', amount: 498, shipping: false },
    ]);
    expect(priced.hints).toEqual([
      `Még ${formatForint(30_000 - 10_470)}, és ${formatForint(3000)} kedvezmény jár`,
    ]);

    // The code does not combine with the rule, and gives less: the shopper keeps the rule.
    const coupon = await guest.cart.coupon({ couponCode: 'KICSI', cart: cart() });
    expect(coupon.coupon?.message).toBe(COUPON_LESS_THAN_RULES);
    expect(coupon.discountTotal).toBe(498);

    // Paused, the rules are gone from the next answer on.
    await admin.caller.promotion.pause({ id: rule.id, paused: true });
    await admin.caller.promotion.pause({ id: above.id, paused: true });
    expect((await guest.cart.price({ cart: cart() })).discountTotal).toBe(0);
  });
});

describe('a free gift above a value', () => {
  it('adds one piece as a line at 0 Ft while the cart qualifies, and the order takes it from stock', async () => {
    const product = (title: string, price: number, stock: number) =>
      admin.caller.product.update({ price, stock, descriptions: [{ language: 'hu', title }] });
    const jug = await product('Ajándékos kancsó', 6000, 20);
    const mug = await product('Ajándék bögre', 1990, 1);
    await promotion({
      name: 'Ajándék bögre 10 000 Ft felett',
      kind: 'gift',
      automatic: true,
      giftProductId: mug.id,
      productIds: [jug.id],
      minCartValue: 10_000,
    });
    const guest = await callerFor(db.prisma);
    const jugs = (quantity: number) => [{ product: jug.id, quantity }];

    const short = await guest.cart.price({ cart: jugs(1) });
    expect(short.lines.map((line) => line.gift)).toEqual([false]);
    expect(short.hints).toEqual([`Még ${formatForint(4000)}, és ajándék Ajándék bögre jár`]);

    const qualified = await guest.cart.price({ cart: jugs(2) });
    expect(
      qualified.lines.map((line) => [line.product, line.quantity, line.lineTotal, line.discount, line.gift]),
    ).toEqual([
      [jug.id, 2, 12_000, 0, false],
      [mug.id, 1, 1990, 1990, true],
    ]);
    expect(qualified).toMatchObject({
      subtotal: 13_990,
      itemsTotal: 12_000,
      discountTotal: 1990,
      itemCount: 2,
      orderable: true,
    });
    expect(qualified.discounts).toEqual([
      expect.objectContaining({ label: 'Ajándék bögre 10 000 Ft felett', amount: 1990, shipping: false }),
    ]);

    const { order } = await guest.cart.order(
      orderInput(shop, { cart: jugs(2), paymentMethod: shop.payment.transfer }),
    );
    expect(
      order.lines.map((line) => [line.product, line.unitPrice, line.lineTotal, line.discount, line.gift]),
    ).toEqual([
      [jug.id, 6000, 12_000, 0, false],
      [mug.id, 1990, 0, 1990, true],
    ]);
    // Items 12 000 + courier 1 990: the gift costs nothing, and its VAT is on nothing.
    expect(order).toMatchObject({ itemsTotal: 12_000, discountTotal: 1990, total: 13_990 });
    const mail = await db.prisma.emailOutbox.findFirstOrThrow({
      where: { templateKey: 'order_confirmation' },
      orderBy: { id: 'desc' },
    });
    expect(mail.html).toContain('<strong>Ajándék:</strong> Ajándék bögre');
    const stored = await db.prisma.product.findUniqueOrThrow({
      where: { id: mug.id },
      select: { stock: true },
    });
    expect(stored.stock).toBe(0);

    // The last mug is gone: the next qualifying cart gets no gift and still orders.
    const gone = await guest.cart.price({ cart: jugs(2) });
    expect(gone.lines.map((line) => line.gift)).toEqual([false]);
    expect(gone.discountTotal).toBe(0);
  });

  it('is refused without its product, with a product in variants, or on another kind', async () => {
    const base = { name: 'Ajándék', automatic: true } as const;
    await expectTrpcError(
      promotion({ ...base, kind: 'gift' }),
      'BAD_REQUEST',
      'Válaszd ki az ajándék terméket.',
    );
    await expectTrpcError(
      promotion({ ...base, kind: 'gift', giftProductId: 999_999 }),
      'BAD_REQUEST',
      'Nincs ilyen termék.',
    );
    await expectTrpcError(
      promotion({ ...base, kind: 'percent', value: 5, giftProductId: shop.products.mug }),
      'BAD_REQUEST',
      'Ajándék terméke csak ajándék fajtájú akciónak lehet.',
    );
  });
});

describe('an automatic rule with a limit', () => {
  it('stops applying once its last use is taken, and orders go on without it', async () => {
    const rule = await promotion({
      name: 'Az első vevőé',
      automatic: true,
      kind: 'amount',
      value: 300,
      productIds: [shop.products.scarce],
      usageLimit: 1,
    });
    const guest = await callerFor(db.prisma);
    const line = [{ product: shop.products.scarce, quantity: 1 }];
    const first = await guest.cart.order(orderInput(shop, { cart: line }));
    expect(first.order.discounts).toEqual([expect.objectContaining({ promotionId: rule.id, amount: 300 })]);
    expect((await guest.cart.price({ cart: line })).discountTotal).toBe(0);
    const second = await guest.cart.order(orderInput(shop, { cart: line }));
    expect(second.order.discountTotal).toBe(0);
  });
});

describe('usage limits hold under load', () => {
  it('gives the last use of a code to exactly one of 200 concurrent orders; the rest can order without it', async () => {
    const limited = await promotion({
      name: 'Utolsó',
      kind: 'amount',
      value: 1000,
      code: 'UTOLSO',
      usageLimit: 1,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, async (_, index) => {
        const guest = await callerFor(db.prisma);
        return guest.cart.order(
          orderInput(shop, {
            cart: [{ product: shop.products.tiered, quantity: 1 }],
            couponCode: 'UTOLSO',
            customer: { ...orderInput(shop).customer, email: `verseny-${index}@example.hu` },
          }),
        );
      }),
    );
    const won = results.filter((result) => result.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const messages = new Set(
      results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as Error).message] : [])),
    );
    expect([...messages].every((message) => [COUPON_USED_UP, COUPON_TAKEN_MEANWHILE].includes(message))).toBe(
      true,
    );
    expect(await db.prisma.orderDiscount.count({ where: { promotionId: limited.id } })).toBe(1);
    expect((await admin.caller.promotion.byId({ id: limited.id })).uses).toBe(1);

    const guest = await callerFor(db.prisma);
    const without = await guest.cart.order(
      orderInput(shop, { cart: [{ product: shop.products.tiered, quantity: 1 }] }),
    );
    expect(without.order.discountTotal).toBe(0);

    // Cancelled before it was paid, the order gives its use back.
    const winner = won[0]!.status === 'fulfilled' ? won[0]!.value.order : null;
    await admin.caller.order.setStatus({ id: winner!.id, status: 'cancelled' });
    expect((await guest.cart.coupon({ couponCode: 'UTOLSO', cart: cart() })).coupon?.applied).toBe(true);
  });
});

describe('refunds of a discounted order', () => {
  it('pay back what was paid for the pieces, not their list price', async () => {
    await promotion({ name: 'Harmad', kind: 'amount', value: 1000, code: 'HARMAD' });
    const guest = await callerFor(db.prisma);
    const { order } = await guest.cart.order(
      orderInput(shop, {
        cart: [{ product: shop.products.tiered, quantity: 3 }],
        couponCode: 'HARMAD',
        paymentMethod: shop.payment.transfer,
      }),
    );
    const line = order.lines[0]!;
    expect(line).toMatchObject({ unitPrice: 1000, lineTotal: 2000, discount: 1000 });
    await admin.caller.order.recordPayment({ id: order.id, amount: order.total });
    const bankAccount = '11773016-11111018';
    const first = await admin.caller.order.refund({
      id: order.id,
      lines: [{ line: line.id, quantity: 1 }],
      bankAccount,
    });
    const rest = await admin.caller.order.refund({
      id: order.id,
      lines: [{ line: line.id, quantity: 2 }],
      bankAccount,
    });
    expect([first.refund.amount, rest.refund.amount]).toEqual([666, 1334]);
  });
});

describe('the admin’s promotions', () => {
  it('generates 1 000 unique single-use codes and exports them as CSV; shoppers and strangers are refused', async () => {
    const newsletter = await promotion({ name: 'Hírlevél', kind: 'percent', value: 5 });
    const { created, codes } = await admin.caller.promotion.generateCodes({
      id: newsletter.id,
      count: 1000,
      prefix: 'hirlevel',
      usageLimit: 1,
    });
    expect(created).toBe(1000);
    expect(new Set(codes).size).toBe(1000);
    expect(codes.every((code) => /^HIRLEVEL-[A-HJ-NP-Z2-9]{8}$/.test(code))).toBe(true);
    const csv = await admin.caller.promotion.downloadCodes({ id: newsletter.id });
    expect(csv.content.trim().split('\r\n')).toHaveLength(1001);

    const customer = await createCustomer(db.prisma);
    await expectTrpcError(customer.caller.promotion.list(), 'FORBIDDEN');
    await expectTrpcError((await callerFor(db.prisma)).promotion.list(), 'UNAUTHORIZED');
    await expectTrpcError(
      promotion({ name: 'Foglalt', kind: 'percent', value: 5, code: 'tiz10' }),
      'CONFLICT',
      'Ez a kuponkód már létezik.',
    );
  });
});
