import type { Database } from '@shop/db';
import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/context';
import { createCaller } from '../src/index';
import { NOTIFY_EMAIL_REQUIRED, NOTIFY_IN_STOCK } from '../src/services/back-in-stock/notify-request';
import { BACK_IN_STOCK_TEMPLATE, sendBackInStockOnce } from '../src/services/back-in-stock/notify-worker';
import { STOCK_NOTIFY_RATE_LIMITED_MESSAGE } from '../src/services/request-limits';
import { type Caller, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';

const SHOP_URL = 'https://bolt.example.hu';

let db: Database;
let admin: SignedIn;
let customer: SignedIn;
let ipCounter = 0;

/** A visitor from an address of its own, so one test's per-address limit does not touch another's. */
async function visitor(
  options: { token?: string; ip?: string; limits?: { perIp?: number; perEmail?: number } } = {},
): Promise<Caller> {
  ipCounter += 1;
  return createCaller(
    await createContext({
      prisma: db.prisma,
      headers: new Headers(options.token ? { token: options.token } : {}),
      ip: options.ip ?? `10.1.0.${ipCounter}`,
      publicUrl: SHOP_URL,
      requestLimits: {
        ...(options.limits?.perIp
          ? { stockNotifyPerIp: { limit: options.limits.perIp, windowMs: 60_000 } }
          : {}),
        ...(options.limits?.perEmail
          ? { stockNotifyPerEmail: { limit: options.limits.perEmail, windowMs: 60_000 } }
          : {}),
      },
    }),
  );
}

let nextCode = 1;
async function product(fields: {
  title: string;
  price: number;
  stock: number;
  categories?: number[];
  enabled?: boolean;
}): Promise<number> {
  const saved = await admin.caller.product.update({
    kutiId: `BIS-${nextCode++}`,
    price: fields.price,
    stock: fields.stock,
    enabled: fields.enabled ?? true,
    descriptions: [{ language: 'hu', title: fields.title }],
    ...(fields.categories ? { categoryIds: fields.categories } : {}),
  });
  return saved.id;
}

const sendNow = () => sendBackInStockOnce({ prisma: db.prisma, publicUrl: SHOP_URL });
const mailsTo = (email: string) =>
  db.prisma.emailOutbox.findMany({ where: { to: email, templateKey: BACK_IN_STOCK_TEMPLATE } });

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await createAdmin(db.prisma);
  customer = await createCustomer(db.prisma);
  await db.prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES], skipDuplicates: true });
});

afterAll(async () => {
  await db?.close();
});

describe('the product page tells delivery time and the cheapest shipping', () => {
  let gls = 0;
  let locker = 0;

  beforeAll(async () => {
    const a = admin.caller.checkout;
    gls = (
      await a.shippingCreate({
        name: 'GLS házhozszállítás',
        fee: 1990,
        freeAbove: 20_000,
        deliveryTime: '1–2 munkanap',
      })
    ).id;
    locker = (
      await a.shippingCreate({
        name: 'Foxpost csomagautomata',
        fee: 1290,
        pickupCarrier: 'foxpost',
        deliveryTime: '1–3 munkanap',
      })
    ).id;
    await a.shippingCreate({ name: 'MPL', fee: 1690, deliveryTime: '2–3 munkanap' });
    // Picking up at the shop costs nothing but brings nothing home: it is not "shipping".
    await a.shippingCreate({ name: 'Személyes átvétel', fee: 0, needsAddress: false });
    await a.shippingCreate({ name: 'Kikapcsolt futár', fee: 500, enabled: false });
  });

  it('names the cheapest enabled method that delivers, a pickup point method included, and the lowest free threshold', async () => {
    const id = await product({ title: 'Szállítós bögre', price: 3990, stock: 5 });
    const page = await (await visitor()).product.byId({ id });
    expect(page.shipping).toEqual({
      method: 'Foxpost csomagautomata',
      fee: 1290,
      deliveryTime: '1–3 munkanap',
      freeAbove: 20_000,
    });
  });

  it('is free when the price of one piece reaches a threshold', async () => {
    const id = await product({ title: 'Drága kávéfőző', price: 24_990, stock: 5 });
    const page = await (await visitor()).product.bySlug({ slug: `x-${id}` });
    expect(page.shipping).toMatchObject({
      method: 'GLS házhozszállítás',
      fee: 0,
      deliveryTime: '1–2 munkanap',
    });
  });

  it("follows an admin's change of the methods at once", async () => {
    const id = await product({ title: 'Tányér', price: 2490, stock: 5 });
    await admin.caller.checkout.shippingUpdate({ id: locker, enabled: false });
    try {
      expect((await (await visitor()).product.byId({ id })).shipping).toMatchObject({
        method: 'MPL',
        fee: 1690,
      });
    } finally {
      await admin.caller.checkout.shippingUpdate({ id: locker, enabled: true });
    }
    expect((await (await visitor()).product.byId({ id })).shipping?.fee).toBe(1290);
    expect(gls).toBeGreaterThan(0);
  });
});

describe('related products', () => {
  it('lists others of the category that a shopper may buy: in stock first, best sellers first, then the secondary category', async () => {
    const mugs = (
      await admin.caller.category.create({ descriptions: [{ language: 'hu', title: 'Bögrék R' }] })
    ).id;
    const gifts = (
      await admin.caller.category.create({ descriptions: [{ language: 'hu', title: 'Ajándék R' }] })
    ).id;
    const self = await product({ title: 'Saját bögre', price: 1000, stock: 3, categories: [mugs, gifts] });
    const fewSold = await product({ title: 'Keveset eladott', price: 1000, stock: 3, categories: [mugs] });
    const bestSeller = await product({ title: 'Sláger', price: 1000, stock: 3, categories: [mugs] });
    const soldOut = await product({ title: 'Elfogyott sláger', price: 1000, stock: 0, categories: [mugs] });
    await product({ title: 'Letiltott', price: 1000, stock: 3, categories: [mugs], enabled: false });
    const gift = await product({ title: 'Ajándékdoboz', price: 1000, stock: 3, categories: [gifts] });
    await product({ title: 'Másik kategória', price: 1000, stock: 3 });
    await db.prisma.product.update({ where: { id: fewSold }, data: { unitsSold: 2 } });
    await db.prisma.product.update({ where: { id: bestSeller }, data: { unitsSold: 40 } });
    await db.prisma.product.update({ where: { id: soldOut }, data: { unitsSold: 500 } });
    // unitsSold was written behind the catalogue's back: a catalogue write makes the index read it.
    await admin.caller.product.update({ id: self, price: 1001 });

    const { items } = await (await visitor()).product.related({ id: self });
    expect(items.map((card) => card.id)).toEqual([bestSeller, fewSold, soldOut, gift]);
    expect(items.find((card) => card.id === soldOut)?.inStock).toBe(false);
  });

  it('is a 404 for a product the shopper cannot see', async () => {
    const hidden = await product({ title: 'Rejtett', price: 1000, stock: 3, enabled: false });
    await expectTrpcError((await visitor()).product.related({ id: hidden }), 'NOT_FOUND');
  });
});

describe('POST /api/product/{id}/notify', () => {
  it('stores one lower-cased request however often it is asked', async () => {
    const id = await product({ title: 'Elfogyott bögre', price: 2990, stock: 0 });
    const shopper = await visitor();
    expect(await shopper.product.notifyWhenInStock({ id, email: ' Anna@Example.HU ' })).toEqual({
      productId: id,
      variantId: null,
      email: 'anna@example.hu',
    });
    expect(await shopper.product.notifyWhenInStock({ id, email: 'anna@example.hu' })).toEqual({
      productId: id,
      variantId: null,
      email: 'anna@example.hu',
    });
    const rows = await db.prisma.stockNotification.findMany({ where: { productId: id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'anna@example.hu', userId: null, notifiedAt: null });
  });

  it("takes a signed-in customer's own address when none is given and ties the request to the account", async () => {
    const id = await product({ title: 'Elfogyott tányér', price: 1990, stock: 0 });
    const answer = await (await visitor({ token: customer.token })).product.notifyWhenInStock({ id });
    expect(answer.email).toBe(customer.email.toLowerCase());
    expect(await db.prisma.stockNotification.findFirst({ where: { productId: id } })).toMatchObject({
      userId: customer.id,
    });
  });

  it('refuses bad input with Hungarian 400s naming the field', async () => {
    const id = await product({ title: 'Elfogyott pohár', price: 990, stock: 0 });
    const guest = await visitor();
    await expectTrpcError(
      guest.product.notifyWhenInStock({ id }),
      'BAD_REQUEST',
      new RegExp(`email.*${NOTIFY_EMAIL_REQUIRED}`),
    );
    await expectTrpcError(
      guest.product.notifyWhenInStock({ id, email: 'nem-cim' }),
      'BAD_REQUEST',
      /email.*Érvénytelen e-mail-cím/,
    );
    await expectTrpcError(
      guest.product.notifyWhenInStock({ id, email: 'a@example.hu', name: 'x' } as never),
      'BAD_REQUEST',
      /name/,
    );
    await expectTrpcError(
      guest.product.notifyWhenInStock({ id: 0, email: 'a@example.hu' }),
      'BAD_REQUEST',
      /id/,
    );
    expect(await db.prisma.stockNotification.count({ where: { productId: id } })).toBe(0);
  });

  it('is a 409 for a product in stock and a 404 for an unknown or disabled one', async () => {
    const inStock = await product({ title: 'Raktáros bögre', price: 990, stock: 4 });
    const disabled = await product({ title: 'Letiltott, elfogyott', price: 990, stock: 0, enabled: false });
    const guest = await visitor();
    await expectTrpcError(
      guest.product.notifyWhenInStock({ id: inStock, email: 'b@example.hu' }),
      'CONFLICT',
      NOTIFY_IN_STOCK,
    );
    await expectTrpcError(
      guest.product.notifyWhenInStock({ id: disabled, email: 'b@example.hu' }),
      'NOT_FOUND',
    );
    await expectTrpcError(
      guest.product.notifyWhenInStock({ id: 999_999, email: 'b@example.hu' }),
      'NOT_FOUND',
    );
    expect(await db.prisma.stockNotification.count({ where: { email: 'b@example.hu' } })).toBe(0);
  });

  it('limits requests per address and per e-mail with a 429', async () => {
    const ids = [
      await product({ title: 'Korlát 1', price: 990, stock: 0 }),
      await product({ title: 'Korlát 2', price: 990, stock: 0 }),
      await product({ title: 'Korlát 3', price: 990, stock: 0 }),
    ];
    const fromOneAddress = await visitor({ ip: '10.9.9.9', limits: { perIp: 2 } });
    await fromOneAddress.product.notifyWhenInStock({ id: ids[0]!, email: 'c1@example.hu' });
    await fromOneAddress.product.notifyWhenInStock({ id: ids[0]!, email: 'c2@example.hu' });
    await expectTrpcError(
      fromOneAddress.product.notifyWhenInStock({ id: ids[0]!, email: 'c3@example.hu' }),
      'TOO_MANY_REQUESTS',
      STOCK_NOTIFY_RATE_LIMITED_MESSAGE,
    );
    // The same address asked for from many places.
    for (const id of ids.slice(0, 2)) {
      await (await visitor({ limits: { perEmail: 2 } })).product.notifyWhenInStock({
        id,
        email: 'd@example.hu',
      });
    }
    await expectTrpcError(
      (await visitor({ limits: { perEmail: 2 } })).product.notifyWhenInStock({
        id: ids[2]!,
        email: 'd@example.hu',
      }),
      'TOO_MANY_REQUESTS',
    );
    expect(await db.prisma.stockNotification.count({ where: { email: { in: ['c3@example.hu'] } } })).toBe(0);
  });
});

describe('the back-in-stock worker', () => {
  async function askFor(id: number, email: string) {
    await (await visitor()).product.notifyWhenInStock({ id, email });
  }

  it("e-mails once when an admin's edit raises the stock, however often it runs", async () => {
    const id = await product({ title: 'Visszatérő bögre', price: 3490, stock: 0 });
    await askFor(id, 'e1@example.hu');
    await askFor(id, 'e2@example.hu');
    await sendNow();
    expect(await mailsTo('e1@example.hu')).toHaveLength(0);

    await admin.caller.product.update({ id, stock: 6 });
    await sendNow();
    await sendNow();
    const [mail, ...more] = await mailsTo('e1@example.hu');
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Újra raktáron: Visszatérő bögre');
    expect(mail?.html).toContain('3\u00a0490\u00a0Ft');
    expect(mail?.html).toContain(`${SHOP_URL}/`);
    expect(mail?.html).toMatch(new RegExp(`href="${SHOP_URL}/[a-z0-9-]+-${id}"`));
    expect(await mailsTo('e2@example.hu')).toHaveLength(1);
    const rows = await db.prisma.stockNotification.findMany({ where: { productId: id } });
    expect(rows.every((row) => row.notifiedAt !== null)).toBe(true);
  });

  it('e-mails once when two workers run at the same moment', async () => {
    const id = await product({ title: 'Versenyző bögre', price: 990, stock: 0 });
    for (let n = 0; n < 5; n++) await askFor(id, `race${n}@example.hu`);
    await admin.caller.product.update({ id, stock: 1 });
    const [first, second] = await Promise.all([sendNow(), sendNow()]);
    expect(first.queued + second.queued).toBe(5);
    for (let n = 0; n < 5; n++) expect(await mailsTo(`race${n}@example.hu`)).toHaveLength(1);
  });

  it('e-mails once when POST /api/product/stock raises the stock by product code', async () => {
    const id = await product({ title: 'Kódos bögre', price: 1290, stock: 0 });
    const { kutiId } = await (await visitor()).product.byId({ id });
    await askFor(id, 'kod@example.hu');
    await admin.caller.product.stock({ items: [{ kutiId: kutiId!, stock: 3 }] });
    await sendNow();
    await sendNow();
    expect(await mailsTo('kod@example.hu')).toHaveLength(1);
  });

  it('waits while the product is disabled, and asks anew once the shopper asks after a second sell-out', async () => {
    const id = await product({ title: 'Szezonális bögre', price: 1290, stock: 0 });
    await askFor(id, 'szezon@example.hu');
    await admin.caller.product.update({ id, stock: 3, enabled: false });
    await sendNow();
    expect(await mailsTo('szezon@example.hu')).toHaveLength(0);
    await admin.caller.product.update({ id, enabled: true });
    await sendNow();
    expect(await mailsTo('szezon@example.hu')).toHaveLength(1);

    await admin.caller.product.update({ id, stock: 0 });
    await askFor(id, 'szezon@example.hu');
    expect(await db.prisma.stockNotification.count({ where: { productId: id } })).toBe(1);
    await admin.caller.product.update({ id, stock: 2 });
    await sendNow();
    expect(await mailsTo('szezon@example.hu')).toHaveLength(2);
  });

  it("forgets a deleted customer's requests, also those made by their address before signing in", async () => {
    const leaving = await createCustomer(db.prisma);
    const id = await product({ title: 'Búcsúbögre', price: 990, stock: 0 });
    const other = await product({ title: 'Búcsútányér', price: 990, stock: 0 });
    await (await visitor({ token: leaving.token })).product.notifyWhenInStock({ id });
    await askFor(other, leaving.email.toUpperCase());
    expect(await db.prisma.stockNotification.count({ where: { email: leaving.email.toLowerCase() } })).toBe(
      2,
    );
    await admin.caller.user.delete({ id: leaving.id });
    expect(await db.prisma.stockNotification.count({ where: { email: leaving.email.toLowerCase() } })).toBe(
      0,
    );
  });
});
