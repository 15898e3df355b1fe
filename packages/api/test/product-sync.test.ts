import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionedCache } from '../src/cache';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

let db: Database;
let admin: SignedIn;
let guest: Caller;

let shop: Shop;

beforeAll(async () => {
  db = await createTestDatabase();
  // Before any answer caches the checkout methods: the stock tests place an order.
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
  guest = await callerFor(db.prisma);
});
afterAll(() => db?.close());

let serial = 0;
/** A product with its own code, made through the admin operation. */
async function productWithCode(price: number, stock: number) {
  serial += 1;
  const kutiId = `SZ-${serial}`;
  const created = await admin.caller.product.update({
    kutiId,
    price,
    stock,
    enabled: true,
    descriptions: [{ language: 'hu', title: `Szinkron bögre ${serial}` }],
  });
  return { id: created.id, kutiId };
}

const stored = (id: number) => db.prisma.product.findUniqueOrThrow({ where: { id } });

describe('POST /api/product/update by product code', () => {
  it('updates the product whose code is sent when no id is, reading and writing the price as price', async () => {
    const mug = await productWithCode(1990, 5);
    const saved = await admin.caller.product.update({
      kutiId: mug.kutiId,
      price: 2190,
      descriptions: [{ language: 'hu', title: 'Átnevezett bögre' }],
    });
    expect(saved).toMatchObject({ id: mug.id, kutiId: mug.kutiId, price: 2190, title: 'Átnevezett bögre' });
    expect(saved.admin?.price).toBe(2190);
    expect(saved.admin?.priceHistory.map((entry) => entry.price)).toEqual([2190, 1990]);
    expect(await db.prisma.product.count({ where: { kutiId: mug.kutiId } })).toBe(1);
  });

  it('answers 404 naming the code when no product has it and the input cannot create one', async () => {
    await expectTrpcError(
      admin.caller.product.update({ kutiId: 'NINCS-ILYEN', price: 100 }),
      'NOT_FOUND',
      'Nincs termék ezzel a termékkóddal: „NINCS-ILYEN”.',
    );
    expect(await db.prisma.product.count({ where: { kutiId: 'NINCS-ILYEN' } })).toBe(0);
  });

  it('creates a product with a new code when price and title are given', async () => {
    const created = await admin.caller.product.update({
      kutiId: 'UJ-KOD-1',
      price: 990,
      descriptions: [{ language: 'hu', title: 'Új kódos tál' }],
    });
    expect(created).toMatchObject({ kutiId: 'UJ-KOD-1', price: 990 });
  });

  it('refuses a code another product has with a 409 naming it, and changes nothing', async () => {
    const first = await productWithCode(1000, 1);
    const second = await productWithCode(2000, 2);
    await expectTrpcError(
      admin.caller.product.update({ id: second.id, kutiId: first.kutiId, price: 2500 }),
      'CONFLICT',
      // "SZ" is read as its letter name, "esz": az SZ-…
      `Az „${first.kutiId}” termékkód már egy másik termékhez tartozik.`,
    );
    expect(await stored(second.id)).toMatchObject({ kutiId: second.kutiId, grossPrice: 2000 });
  });

  it('refuses the old field name grossPrice as an unknown field', async () => {
    const mug = await productWithCode(1500, 1);
    await expectTrpcError(
      admin.caller.product.update({ id: mug.id, grossPrice: 1 } as never),
      'BAD_REQUEST',
      /grossPrice/,
    );
  });
});

describe('safe stock moves by code', () => {
  it('an order between the ERP’s read and its write is not undone: adjust adds, expectedStock refuses', async () => {
    const mug = { kutiId: 'KB-1', id: shop.products.mug };
    await admin.caller.product.stock({ items: [{ kutiId: mug.kutiId, stock: 26 }] });
    // The ERP reads 26; a shopper orders 2 before the ERP writes.
    await guest.cart.order(orderInput(shop, { cart: [{ product: mug.id, quantity: 2 }] }));
    expect(await stored(mug.id)).toMatchObject({ stock: 24 });

    // Setting what the ERP last saw fails as a whole, naming the item; nothing is written.
    const other = await productWithCode(990, 5);
    const refused = await expectTrpcError(
      admin.caller.product.stock({
        items: [
          { kutiId: other.kutiId, adjust: 1 },
          { kutiId: mug.kutiId, stock: 38, expectedStock: 26 },
        ],
      }),
      'PRECONDITION_FAILED',
      '„KB-1”: a készlet közben változott: most 24 db, a kérés szerint 26 db volt; semmi nem változott.',
    );
    expect(refused).toBeTruthy();
    expect(await stored(mug.id)).toMatchObject({ stock: 24 });
    expect(await stored(other.id)).toMatchObject({ stock: 5 });

    // A delivery of 12 adds to what is there now, whatever the ERP saw.
    const delivered = await admin.caller.product.stock({ items: [{ kutiId: mug.kutiId, adjust: 12 }] });
    expect(delivered.results[0]).toMatchObject({ status: 'updated', stock: 36 });
    // With the value it saw last, the set goes through.
    const set = await admin.caller.product.stock({
      items: [{ kutiId: mug.kutiId, stock: 30, expectedStock: 36 }],
    });
    expect(set.results[0]).toMatchObject({ stock: 30 });
    // A damaged piece more than there is: 409, nothing written.
    await expectTrpcError(
      admin.caller.product.stock({ items: [{ kutiId: mug.kutiId, adjust: -31 }] }),
      'CONFLICT',
      /a készlet nem mehet 0 alá \(most 30 db, a változás -31\)/,
    );
    expect(await stored(mug.id)).toMatchObject({ stock: 30 });
  });

  it('twenty moves at once add up: none is lost', async () => {
    const bowl = await productWithCode(1500, 10);
    const servers = await Promise.all(
      Array.from({ length: 4 }, () =>
        callerFor(db.prisma, { token: admin.token, cache: new VersionedCache(db.prisma) }),
      ),
    );
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        servers[i % servers.length]!.product.stock({
          items: [{ kutiId: bowl.kutiId, adjust: i % 2 === 0 ? 3 : -1 }],
        }),
      ),
    );
    expect(await stored(bowl.id)).toMatchObject({ stock: 10 + 10 * 3 - 10 });
  });
});

describe('POST /api/product/stock', () => {
  it('updates stock and price by code, answers per code in the order sent, and not_found writes nothing', async () => {
    const plate = await productWithCode(3000, 10);
    const bowl = await productWithCode(1200, 4);
    const answer = await admin.caller.product.stock({
      items: [
        { kutiId: plate.kutiId, stock: 7 },
        { kutiId: 'SEHOL-SINCS', stock: 3, price: 10 },
        { kutiId: bowl.kutiId, price: 990 },
      ],
    });
    expect(answer.results).toEqual([
      {
        kutiId: plate.kutiId,
        status: 'updated',
        productId: plate.id,
        variantId: null,
        stock: 7,
        price: 3000,
      },
      {
        kutiId: 'SEHOL-SINCS',
        status: 'not_found',
        productId: null,
        variantId: null,
        stock: null,
        price: null,
      },
      { kutiId: bowl.kutiId, status: 'updated', productId: bowl.id, variantId: null, stock: 4, price: 990 },
    ]);
    expect(await stored(plate.id)).toMatchObject({ stock: 7, grossPrice: 3000 });
    expect(await stored(bowl.id)).toMatchObject({ stock: 4, grossPrice: 990 });
  });

  it('records a price like an admin edit: price history and the 30-day lowest price', async () => {
    const jug = await productWithCode(5000, 3);
    await admin.caller.product.stock({ items: [{ kutiId: jug.kutiId, price: 6000 }] });
    const page = await admin.caller.product.byId({ id: jug.id });
    expect(page.price).toBe(6000);
    expect(page.admin?.priceHistory.map((entry) => entry.price)).toEqual([6000, 5000]);
    // Raised inside the window: the lowest of the 30 days is still the old price.
    expect((await stored(jug.id)).lowestPrice30d).toBe(5000);
  });

  it('shows a stock change on this server at once and on another within a second, without a rebuild', async () => {
    const vase = await productWithCode(4000, 6);
    const otherServer = await callerFor(db.prisma, { cache: new VersionedCache(db.prisma) });
    const inList = async (caller: Caller) =>
      (
        await caller.product.list({
          search: vase.kutiId,
          state: 'all',
          sort: 'relevance',
          page: 1,
          pageSize: 24,
        })
      ).items[0];
    const shopperSees = async () => (await inList(guest))?.inStock;
    expect(await shopperSees()).toBe(true);
    expect(await inList(otherServer)).toBeDefined();
    const version = await db.prisma.cacheVersion.findUnique({ where: { key: 'catalogue' } });

    await admin.caller.product.stock({ items: [{ kutiId: vase.kutiId, stock: 0 }] });

    expect(await shopperSees()).toBe(false);
    expect(await inList(admin.caller)).toMatchObject({
      stock: 0,
      vatRate: 27,
      vatClass: '27',
      inStock: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await inList(otherServer))?.inStock).toBe(false);
    // Stock alone does not rebuild every server's catalogue.
    expect(await db.prisma.cacheVersion.findUnique({ where: { key: 'catalogue' } })).toEqual(version);
  });

  it('gives list items stock and VAT rate for the admin, and no stock number to a shopper', async () => {
    const cup = await productWithCode(700, 12);
    const input = {
      search: cup.kutiId,
      state: 'all' as const,
      sort: 'relevance' as const,
      page: 1,
      pageSize: 24,
    };
    expect((await admin.caller.product.list(input)).items[0]).toMatchObject({
      id: cup.id,
      stock: 12,
      vatRate: 27,
      vatClass: '27',
    });
    expect((await guest.product.list(input)).items[0]).toMatchObject({
      id: cup.id,
      stock: null,
      vatRate: 27,
      vatClass: '27',
    });
  });

  it('refuses more than 1 000 items, a code sent twice and an item with nothing to change, in Hungarian', async () => {
    const items = Array.from({ length: 1001 }, (_, i) => ({ kutiId: `K-${i}`, stock: 1 }));
    await expectTrpcError(
      admin.caller.product.stock({ items }),
      'BAD_REQUEST',
      /legfeljebb 1000 termék frissíthető/,
    );
    await expectTrpcError(
      admin.caller.product.stock({
        items: [
          { kutiId: 'A-1', stock: 1 },
          { kutiId: 'A-1', stock: 2 },
        ],
      }),
      'BAD_REQUEST',
      /„A-1” termékkód többször szerepel/,
    );
    await expectTrpcError(
      admin.caller.product.stock({ items: [{ kutiId: 'A-1' }] }),
      'BAD_REQUEST',
      /készletet \(stock\), készletváltozást \(adjust\) vagy árat \(price\)/,
    );
    await expectTrpcError(
      admin.caller.product.stock({ items: [{ kutiId: 'A-1', stock: 3, adjust: 1 }] }),
      'BAD_REQUEST',
      /csak az egyik adható meg/,
    );
    await expectTrpcError(
      admin.caller.product.stock({ items: [{ kutiId: 'A-1', expectedStock: 3, price: 100 }] }),
      'BAD_REQUEST',
      /expectedStock\) csak készlettel/,
    );
  });

  it('writes all items or none: a failure on the last one leaves the first unchanged', async () => {
    const first = await productWithCode(1100, 8);
    const last = await productWithCode(1300, 8);
    // A database failure inside the transaction, after the first item's stock was written.
    await db.prisma.$executeRawUnsafe(`
      CREATE FUNCTION refuse_test_price() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW."grossPrice" = 77777 THEN RAISE EXCEPTION 'test failure'; END IF;
        RETURN NEW;
      END $$`);
    await db.prisma.$executeRawUnsafe(
      `CREATE TRIGGER refuse_test_price BEFORE INSERT ON "ProductPriceHistory" FOR EACH ROW EXECUTE FUNCTION refuse_test_price()`,
    );
    try {
      await expect(
        admin.caller.product.stock({
          items: [
            { kutiId: first.kutiId, stock: 1 },
            { kutiId: last.kutiId, price: 77777 },
          ],
        }),
      ).rejects.toThrow();
    } finally {
      await db.prisma.$executeRawUnsafe(`DROP TRIGGER refuse_test_price ON "ProductPriceHistory"`);
      await db.prisma.$executeRawUnsafe(`DROP FUNCTION refuse_test_price()`);
    }
    expect(await stored(first.id)).toMatchObject({ stock: 8 });
    expect(await stored(last.id)).toMatchObject({ grossPrice: 1300 });
  });

  it('queues stock.changed and product.changed for subscribed webhook endpoints in the same transaction', async () => {
    const lamp = await productWithCode(8000, 2);
    const endpoint = await db.prisma.webhookEndpoint.create({
      data: {
        url: 'https://erp.example.hu/hook',
        events: ['stock.changed', 'product.changed'],
        secret: 'titok',
      },
    });
    try {
      await admin.caller.product.stock({ items: [{ kutiId: lamp.kutiId, stock: 5, price: 7500 }] });
      const deliveries = await db.prisma.webhookDelivery.findMany({
        where: { endpointId: endpoint.id },
        orderBy: { id: 'asc' },
      });
      const bodies = deliveries.map(
        (delivery) => JSON.parse(delivery.body) as { event: string; data: unknown },
      );
      expect(bodies).toEqual([
        expect.objectContaining({
          event: 'stock.changed',
          data: {
            items: [
              {
                product: lamp.id,
                variant: null,
                kutiId: lamp.kutiId,
                stock: 5,
              },
            ],
          },
        }),
        expect.objectContaining({
          event: 'product.changed',
          data: { items: [{ id: lamp.id, kutiId: lamp.kutiId, deleted: false }] },
        }),
      ]);
    } finally {
      await db.prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { deletedAt: new Date() } });
    }
  });

  it('is for admins and catalogue keys only', async () => {
    const customer = await createCustomer(db.prisma);
    await expectTrpcError(customer.caller.product.stock({ items: [{ kutiId: 'X', stock: 1 }] }), 'FORBIDDEN');
    await expectTrpcError(guest.product.stock({ items: [{ kutiId: 'X', stock: 1 }] }), 'UNAUTHORIZED');
  });
});
