import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vatContentOf } from '../src/schemas';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createProduct, createShop, orderInput, type Shop } from './order-fixtures';

let db: Database;
let shop: Shop;
let admin: SignedIn;
let guest: Caller;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
  guest = await callerFor(db.prisma);
});
afterAll(() => db?.close());

const SHOP_DETAILS = {
  shopName: 'Bögrebolt',
  companyName: 'Bögre Kft.',
  address: '1065 Budapest, Bögre utca 1.',
  taxNumber: '12345676-2-42',
  registrationNumber: '',
  email: '',
  phone: '',
  phoneHours: '',
  mapUrl: null,
};

let serial = 0;
function newProduct(fields: Record<string, unknown>) {
  serial += 1;
  return admin.caller.product.update({
    kutiId: `AFA-${serial}`,
    price: 1000,
    stock: 50,
    descriptions: [{ language: 'hu', title: `ÁFA-teszt termék ${serial}` }],
    ...fields,
  });
}

const listed = async (caller: Caller, kutiId: string) =>
  (await caller.product.list({ search: kutiId, page: 1, pageSize: 24 })).items[0];

describe('VAT class of a product (POST /api/product/update)', () => {
  it('takes vatClass and answers it with the percent beside it, on the page and in lists', async () => {
    const book = await newProduct({ vatClass: '5' });
    expect(book).toMatchObject({ vatClass: '5', vatRate: 5, admin: { vatClass: '5' } });
    const exempt = await admin.caller.product.update({ id: book.id, vatClass: 'TAM' });
    expect(exempt).toMatchObject({ vatClass: 'TAM', vatRate: 0 });
    expect(await listed(guest, book.kutiId!)).toMatchObject({ vatClass: 'TAM', vatRate: 0 });
    expect((await db.prisma.product.findUniqueOrThrow({ where: { id: book.id } })).vatClass).toBe('TAM');
  });

  it('still takes an integrator’s vatRate of 27, 18 or 5, and refuses 0 and a contradiction in Hungarian', async () => {
    const cake = await newProduct({ vatRate: 18 });
    expect(cake).toMatchObject({ vatClass: '18', vatRate: 18 });
    await expectTrpcError(
      admin.caller.product.update({ id: cake.id, vatRate: 0 }),
      'BAD_REQUEST',
      /vatRate – A 0 % nem egyértelmű: a vatClass mezőben add meg, hogy "TAM" vagy "AAM"/,
    );
    await expectTrpcError(
      admin.caller.product.update({ id: cake.id, vatRate: 27, vatClass: '5' }),
      'BAD_REQUEST',
      /vatRate – A vatRate és a vatClass ellentmond egymásnak/,
    );
    await expectTrpcError(
      admin.caller.product.update({ id: cake.id, vatClass: '0' as never }),
      'BAD_REQUEST',
      /„27”, „18”, „5”, „TAM”/,
    );
    expect((await admin.caller.product.byId({ id: cake.id })).vatClass).toBe('18');
  });
});

describe('unit prices', () => {
  it('answers the price per kg on cards, the product page and cart lines, from the price the shopper pays', async () => {
    const coffee = await newProduct({ price: 399, netQuantity: 0.25, netQuantityUnit: 'kg' });
    expect(coffee).toMatchObject({
      netQuantity: 0.25,
      netQuantityUnit: 'kg',
      unitPrice: { amount: 1596, unit: 'kg' },
    });
    expect((await listed(guest, coffee.kutiId!))?.unitPrice).toEqual({ amount: 1596, unit: 'kg' });
    const cart = await guest.cart.price({ cart: [{ product: coffee.id, quantity: 3 }] });
    expect(cart.lines[0]).toMatchObject({ unitPrice: 399, measureUnitPrice: { amount: 1596, unit: 'kg' } });

    const plain = await newProduct({});
    expect(plain.unitPrice).toBeNull();
    expect((await admin.caller.product.update({ id: coffee.id, netQuantity: null })).unitPrice).toBeNull();
  });

  it('refuses a net quantity without its unit, a unit without a quantity, and a quantity of 0', async () => {
    const oil = await newProduct({});
    await expectTrpcError(
      admin.caller.product.update({ id: oil.id, netQuantity: 0.75 }),
      'BAD_REQUEST',
      /netQuantityUnit – A nettó mennyiséghez add meg a mértékegységet is/,
    );
    await expectTrpcError(
      admin.caller.product.update({ id: oil.id, netQuantityUnit: 'l' }),
      'BAD_REQUEST',
      /netQuantity – A mértékegységhez add meg a nettó mennyiséget is/,
    );
    await expectTrpcError(
      admin.caller.product.update({ id: oil.id, netQuantity: 0, netQuantityUnit: 'l' }),
      'BAD_REQUEST',
      /0-nál nagyobbnak/,
    );
  });
});

describe('VAT content of an order per class', () => {
  it('shows TAM lines as TAM with no VAT beside the 27 % lines and fees', async () => {
    const course = await createProduct(db.prisma, {
      slug: 'tanfolyam',
      title: 'Fazekas tanfolyam',
      grossPrice: 20_000,
      stock: 10,
      vatClass: 'TAM',
    });
    const { order } = await guest.cart.order(
      orderInput(shop, {
        cart: [
          { product: shop.products.mug, quantity: 1 },
          { product: course, quantity: 1 },
        ],
      }),
    );
    expect(order.lines.map((line) => [line.vatClass, line.vatRate])).toEqual([
      ['27', 27],
      ['TAM', 0],
    ]);
    // 3 990 + 20 000 items, GLS 0 Ft above 20 000, cash on delivery 490 Ft (24 480: no rounding).
    expect(order.vat).toEqual([
      { vatClass: '27', rate: 27, gross: 3990 + 490, vat: vatContentOf(3990, 27) + vatContentOf(490, 27) },
      { vatClass: 'TAM', rate: 0, gross: 20_000, vat: 0 },
    ]);
    const mail = await db.prisma.emailOutbox.findFirstOrThrow({
      where: { subject: { contains: order.number } },
      select: { html: true },
    });
    expect(mail.html).toContain('TAM: 0');
  });
});

describe('an alanyi adómentes shop (PUT /api/shop vatExempt)', () => {
  it('sells every new line and fee as AAM with no VAT, keeps the product’s own class, and placed orders as they were', async () => {
    const before = await guest.cart.order(
      orderInput(shop, { cart: [{ product: shop.products.plate, quantity: 1 }] }),
    );
    expect(before.order.lines[0]).toMatchObject({ vatClass: '5', vatRate: 5 });

    expect(await admin.caller.shop.update({ ...SHOP_DETAILS, vatExempt: true })).toMatchObject({
      vatExempt: true,
    });
    try {
      const cart = await guest.cart.price({ cart: [{ product: shop.products.plate, quantity: 2 }] });
      expect(cart.lines[0]).toMatchObject({ vatClass: 'AAM', vatRate: 0 });
      expect(cart.vatContent).toBe(0);
      const page = await admin.caller.product.byId({ id: shop.products.plate });
      expect(page).toMatchObject({ vatClass: 'AAM', vatRate: 0, admin: { vatClass: '5' } });

      const { order } = await guest.cart.order(
        orderInput(shop, {
          cart: [
            { product: shop.products.plate, quantity: 1 },
            { product: shop.products.mug, quantity: 1 },
          ],
        }),
      );
      expect(order.lines.map((line) => [line.vatClass, line.vatRate])).toEqual([
        ['AAM', 0],
        ['AAM', 0],
      ]);
      expect(order.vatContent).toBe(0);
      expect(order.vat).toEqual([{ vatClass: 'AAM', rate: 0, gross: order.total, vat: 0 }]);
      const stored = await db.prisma.orderLine.findMany({
        where: { orderId: order.id },
        select: { vatClass: true },
      });
      expect(stored).toEqual([{ vatClass: 'AAM' }, { vatClass: 'AAM' }]);

      const earlier = await admin.caller.order.byId({ id: before.order.id });
      expect(earlier.lines[0]).toMatchObject({ vatClass: '5', vatRate: 5 });
      // Leaving the field out (an older client) keeps the setting.
      expect(await admin.caller.shop.update(SHOP_DETAILS)).toMatchObject({ vatExempt: true });
    } finally {
      await admin.caller.shop.update({ ...SHOP_DETAILS, vatExempt: false });
    }
    const after = await guest.cart.price({ cart: [{ product: shop.products.plate, quantity: 1 }] });
    expect(after.lines[0]).toMatchObject({ vatClass: '5', vatRate: 5 });
  });
});

const COMPANY = {
  name: 'Kovács Anna',
  postcode: '1137',
  city: 'Budapest',
  street: 'Pozsonyi út 23.',
  companyName: 'Bögre Kft.',
  taxNumber: '12345676 2 42',
  euVatNumber: 'hu 1234 5676',
};

const MUG = (shop: Shop) => [{ product: shop.products.mug, quantity: 1 }];

describe('company purchases', () => {
  it('keeps the formatted tax number and the EU VAT number on the order and in the confirmation', async () => {
    const { order } = await guest.cart.order(orderInput(shop, { cart: MUG(shop), billingAddress: COMPANY }));
    expect(order.billingAddress).toMatchObject({
      companyName: 'Bögre Kft.',
      taxNumber: '12345676-2-42',
      euVatNumber: 'HU12345676',
    });
    expect((await admin.caller.order.byId({ id: order.id })).billingAddress.euVatNumber).toBe('HU12345676');
    const mail = await db.prisma.emailOutbox.findFirstOrThrow({
      where: { subject: { contains: order.number } },
      select: { html: true },
    });
    expect(mail.html).toContain('adószám: 12345676-2-42, közösségi adószám: HU12345676');
  });

  it('refuses a wrong EU VAT number with a Hungarian 400 naming the field', async () => {
    const cases: [Partial<typeof COMPANY>, RegExp][] = [
      [{ euVatNumber: 'HU12345678' }, /ellenőrző számjegye hibás/],
      [{ euVatNumber: 'XX12345' }, /országkóddal kezdődik/],
      [{ euVatNumber: 'HU11111111' }, /az adószám első 8 számjegyével egyeznek/],
      [{ companyName: '', euVatNumber: 'DE123456789' }, /cégként vásárolva, a cégnévvel együtt/],
    ];
    for (const [change, message] of cases) {
      const error = await expectTrpcError(
        guest.cart.order(orderInput(shop, { cart: MUG(shop), billingAddress: { ...COMPANY, ...change } })),
        'BAD_REQUEST',
        message,
      );
      expect(error.message).toMatch(/billingAddress\.euVatNumber/);
    }
    expect(await db.prisma.order.count({ where: { billingEuVatNumber: 'HU12345678' } })).toBe(0);
  });

  it('saves a signed-in company buyer’s billing data to their addresses once, and a guest’s nowhere', async () => {
    const customer = await createCustomer(db.prisma);
    await customer.caller.cart.add({ product: shop.products.mug, quantity: 1 });
    await customer.caller.cart.order(orderInput(shop, { billingAddress: COMPANY }));
    const saved = (await customer.caller.user.addressList()).items;
    expect(saved).toEqual([
      {
        id: expect.any(Number),
        type: 'billing',
        name: 'Kovács Anna',
        postcode: '1137',
        city: 'Budapest',
        street: 'Pozsonyi út 23.',
        floorDoor: null,
        phone: null,
        companyName: 'Bögre Kft.',
        taxNumber: '12345676-2-42',
        euVatNumber: 'HU12345676',
        isDefault: true,
      },
    ]);

    await customer.caller.cart.add({ product: shop.products.mug, quantity: 1 });
    await customer.caller.cart.order(
      orderInput(shop, { billingAddress: { ...COMPANY, street: 'Váci út 1.' } }),
    );
    await customer.caller.cart.add({ product: shop.products.mug, quantity: 1 });
    await customer.caller.cart.order(orderInput(shop));
    expect((await customer.caller.user.addressList()).items).toEqual(saved);

    const before = await db.prisma.address.count();
    await guest.cart.order(
      orderInput(shop, {
        cart: MUG(shop),
        billingAddress: { ...COMPANY, taxNumber: '87654323-2-42', euVatNumber: '' },
      }),
    );
    expect(await db.prisma.address.count()).toBe(before);
  });

  it('keeps an EU VAT number on a saved billing address, checked like at checkout', async () => {
    const customer = await createCustomer(db.prisma);
    const address = await customer.caller.user.addressCreate({ type: 'billing', ...COMPANY });
    expect(address).toMatchObject({ taxNumber: '12345676-2-42', euVatNumber: 'HU12345676' });
    await expectTrpcError(
      customer.caller.user.addressUpdate({ id: address.id, euVatNumber: 'HU1234' }),
      'BAD_REQUEST',
      /országkóddal kezdődik/,
    );
    const cleared = await customer.caller.user.addressUpdate({ id: address.id, euVatNumber: '' });
    expect(cleared.euVatNumber).toBeNull();
  });
});
