import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChangeFeedInput } from '../src/schemas';
import { productRecordsByIds } from '../src/services/catalogue/product-record';
import { ordersByIds } from '../src/services/orders/order-read';
import { seededRandom } from '../src/testing';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

let db: Database;
let admin: SignedIn;
let guest: Caller;
let shop: Shop;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
  guest = await callerFor(db.prisma);
});
afterAll(() => db?.close());

type Feed = 'order' | 'product' | 'customer';
type Page = { items: { id: number }[]; deleted: number[]; nextCursor: string; hasMore: boolean };

function readFeed(feed: Feed, input: Partial<TChangeFeedInput> = {}): Promise<Page> {
  const request = { limit: 100, ...input };
  if (feed === 'order') return admin.caller.order.changes(request);
  if (feed === 'product') return admin.caller.product.changes(request);
  return admin.caller.customer.changes(request);
}

/** Every page from `cursor` to the end of the feed as it is now, and the cursor to go on from. */
async function drain(feed: Feed, cursor?: string, limit = 100) {
  const items: { id: number }[] = [];
  const deleted: number[] = [];
  let page = await readFeed(feed, { cursor, limit });
  for (;;) {
    items.push(...page.items);
    deleted.push(...page.deleted);
    if (!page.hasMore) return { items, deleted, cursor: page.nextCursor };
    page = await readFeed(feed, { cursor: page.nextCursor, limit });
  }
}

/**
 * What `read` answers once `ready` holds. The feed hands out no change newer than the oldest transaction
 * still running on this database (an order's own jobs, for one) until that has ended: a poller asks
 * again, and so does this, for up to 10 s. The assertions after it then say what is missing.
 */
async function settled<P>(read: () => Promise<P>, ready: (page: P) => boolean): Promise<P> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const page = await read();
    if (ready(page) || Date.now() > deadline) return page;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const hasItem = (id: number) => (page: Page) => page.items.some((item) => item.id === id);

let serial = 0;
async function newProduct(stock = 10) {
  serial += 1;
  return admin.caller.product.update({
    kutiId: `VF-${serial}`,
    price: 1000 + serial,
    stock,
    enabled: true,
    descriptions: [{ language: 'hu', title: `Folyam bögre ${serial}` }],
  });
}

describe('the product change feed', () => {
  it('starts with every product there is, then answers only what changed since the cursor', async () => {
    const first = await newProduct();
    const start = await drain('product', undefined, 2);
    expect(start.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([first.id, ...Object.values(shop.products)]),
    );
    expect(new Set(start.items.map((item) => item.id)).size).toBe(start.items.length);

    expect(await readFeed('product', { cursor: start.cursor })).toMatchObject({ items: [], hasMore: false });

    await admin.caller.product.stock({ items: [{ kutiId: first.kutiId ?? '', adjust: 5 }] });
    const second = await newProduct();
    const after = await settled(
      () => readFeed('product', { cursor: start.cursor }),
      (page) => page.items.length >= 2,
    );
    expect(after.items.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(after.items[0]).toMatchObject({
      id: first.id,
      stock: 15,
      kutiId: first.kutiId,
      price: first.price,
    });
  });

  it('shows a stock move made by an order, and a change to its variants, as a change of the product', async () => {
    const { cursor } = await drain('product');
    const product = await newProduct(8);
    await guest.cart.order(orderInput(shop, { cart: [{ product: product.id, quantity: 3 }] }));
    const page = await settled(() => readFeed('product', { cursor }), hasItem(product.id));
    expect(page.items).toEqual([expect.objectContaining({ id: product.id, stock: 5 })]);

    await admin.caller.product.variants({
      product: product.id,
      options: [{ title: 'Méret', values: [{ title: 'S' }, { title: 'M' }] }],
      variants: [
        { values: ['S'], kutiId: `${product.kutiId}-S`, stock: 2 },
        { values: ['M'], kutiId: `${product.kutiId}-M`, stock: 4, grossPrice: 1500 },
      ],
    });
    const withVariants = await settled(
      () => readFeed('product', { cursor: page.nextCursor }),
      hasItem(product.id),
    );
    expect(withVariants.items).toHaveLength(1);
    expect(withVariants.items[0]).toMatchObject({
      id: product.id,
      variants: [
        expect.objectContaining({ kutiId: `${product.kutiId}-S`, stock: 2, grossPrice: null }),
        expect.objectContaining({ kutiId: `${product.kutiId}-M`, stock: 4, grossPrice: 1500 }),
      ],
    });

    const variant = await db.prisma.productVariant.findFirstOrThrow({
      where: { kutiId: `${product.kutiId}-M` },
    });
    await db.prisma.productVariant.update({ where: { id: variant.id }, data: { stock: 9 } });
    const moved = await settled(
      () => readFeed('product', { cursor: withVariants.nextCursor }),
      hasItem(product.id),
    );
    expect(moved.items.map((item) => item.id)).toEqual([product.id]);
  });

  it('names a deleted product once in `deleted`, and never brings it back', async () => {
    const { cursor } = await drain('product');
    const product = await newProduct();
    await db.prisma.product.delete({ where: { id: product.id } });
    // Only the deleted product is asked about: a change of an earlier test's product held back behind a
    // transaction then still running may come in this page too, as the feed promises.
    const page = await settled(
      () => readFeed('product', { cursor }),
      (answer) => answer.deleted.length > 0,
    );
    expect(page.deleted).toEqual([product.id]);
    expect(page.items.map((item) => item.id)).not.toContain(product.id);
    const next = await readFeed('product', { cursor: page.nextCursor });
    expect(next.deleted).toEqual([]);
    expect(next.items.map((item) => item.id)).not.toContain(product.id);
  });

  it('starts from a time with updatedSince, leaving out what changed before it', async () => {
    const before = await newProduct();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const since = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const after = await newProduct();
    const page = await settled(() => readFeed('product', { updatedSince: since }), hasItem(after.id));
    const ids = page.items.map((item) => item.id);
    expect(ids).toContain(after.id);
    expect(ids).not.toContain(before.id);
    // The cursor of an answer that was not full stands at the end: it does not rewind to older changes.
    expect(await readFeed('product', { cursor: page.nextCursor })).toMatchObject({ items: [] });
  });
});

describe('the order change feed', () => {
  it('answers a new order, then the same order again after each change, with its updatedAt', async () => {
    const { cursor } = await drain('order');
    const placed = await guest.cart.order(
      orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 1 }] }),
    );
    const created = await settled(
      () => admin.caller.order.changes({ cursor, limit: 100 }),
      hasItem(placed.order.id),
    );
    expect(created.items).toEqual([expect.objectContaining({ id: placed.order.id, status: 'received' })]);
    const createdAt = created.items[0]?.updatedAt ?? '';

    await admin.caller.order.setStatus({ id: placed.order.id, status: 'processing' });
    const changed = await settled(
      () => admin.caller.order.changes({ cursor: created.nextCursor, limit: 100 }),
      hasItem(placed.order.id),
    );
    expect(changed.items).toEqual([expect.objectContaining({ id: placed.order.id, status: 'processing' })]);
    expect(Date.parse(changed.items[0]?.updatedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(createdAt));
    expect(await readFeed('order', { cursor: changed.nextCursor })).toMatchObject({
      items: [],
      hasMore: false,
    });
  });

  it('counts a payment recorded on the order as its change', async () => {
    const placed = await guest.cart.order(
      orderInput(shop, { cart: [{ product: shop.products.plate, quantity: 1 }] }),
    );
    const { cursor } = await drain('order');
    await admin.caller.order.recordPayment({ id: placed.order.id, amount: placed.order.total });
    const page = await settled(() => readFeed('order', { cursor }), hasItem(placed.order.id));
    expect(page.items).toEqual([
      expect.objectContaining({ id: placed.order.id, paidTotal: placed.order.total }),
    ]);
  });
});

describe('the feed within one transaction', () => {
  it('moves an order again after a savepoint that moved it was rolled back, and moves every order whose lines change', async () => {
    const placeOne = () =>
      guest.cart.order(orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 1 }] }));
    const first = (await placeOne()).order.id;
    const second = (await placeOne()).order.id;
    const { cursor } = await drain('order');
    const touchLines = (tx: Parameters<Parameters<typeof db.prisma.$transaction>[0]>[0], orderId: number) =>
      tx.$executeRaw`UPDATE "OrderLine" SET quantity = quantity WHERE "orderId" = ${orderId}`;
    await db.prisma.$transaction(async (tx) => {
      // The trigger remembers the last order it moved in this transaction; the rollback must make it forget.
      await tx.$executeRaw`SAVEPOINT lines`;
      await touchLines(tx, first);
      await tx.$executeRaw`ROLLBACK TO SAVEPOINT lines`;
      await touchLines(tx, first);
      await touchLines(tx, second);
      await touchLines(tx, first);
    });
    const moved = await settled(
      () => drain('order', cursor),
      (answer) => answer.items.length >= 2,
    );
    expect(moved.items.map((order) => order.id).sort((a, b) => a - b)).toEqual([first, second]);
  });
});

describe('the customer change feed', () => {
  it('answers customers, not admins, with their addresses, when they or their addresses change', async () => {
    const { cursor } = await drain('customer');
    const customer = await createCustomer(db.prisma);
    await createAdmin(db.prisma);
    const created = await settled(() => readFeed('customer', { cursor }), hasItem(customer.id));
    expect(created.items.map((item) => item.id)).toEqual([customer.id]);

    await customer.caller.user.addressCreate({
      type: 'shipping',
      name: 'Kovács Anna',
      postcode: '1137',
      city: 'Budapest',
      street: 'Pozsonyi út 23.',
    });
    const changed = await settled(
      () => readFeed('customer', { cursor: created.nextCursor }),
      hasItem(customer.id),
    );
    expect(changed.items).toEqual([
      expect.objectContaining({
        id: customer.id,
        addresses: [expect.objectContaining({ city: 'Budapest' })],
      }),
    ]);
  });
});

describe('reading a change feed', () => {
  it('refuses a cursor it did not hand out, and a limit out of range, in Hungarian', async () => {
    await expectTrpcError(
      readFeed('order', { cursor: 'valami' }),
      'BAD_REQUEST',
      'A cursor érvénytelen: a változásfolyam egy korábbi válaszának nextCursor értékét kell küldeni.',
    );
    await expectTrpcError(readFeed('order', { limit: 201 }), 'BAD_REQUEST', 'A limit legfeljebb 200.');
    await expectTrpcError(
      readFeed('product', { updatedSince: 'tegnap' }),
      'BAD_REQUEST',
      'Az updatedSince ISO 8601 időpont (pl. 2026-11-29T08:00:00Z).',
    );
  });

  it('is for staff: a stranger gets 401, a shopper 403', async () => {
    const shopper = await createCustomer(db.prisma);
    await expectTrpcError(guest.order.changes({ limit: 10 }), 'UNAUTHORIZED');
    await expectTrpcError(shopper.caller.product.changes({ limit: 10 }), 'FORBIDDEN');
    await expectTrpcError(shopper.caller.customer.changes({ limit: 10 }), 'FORBIDDEN');
  });
});

/** What a poller keeps: every delivery of an entity, in the order the feed gave them. */
class FeedMirror {
  readonly deliveries = new Map<number, string[]>();
  cursor: string | undefined;

  constructor(private readonly feed: Feed) {}

  async poll(limit: number): Promise<boolean> {
    const page = await readFeed(this.feed, { cursor: this.cursor, limit });
    for (const item of page.items) {
      const seen = this.deliveries.get(item.id) ?? [];
      seen.push(JSON.stringify(item));
      this.deliveries.set(item.id, seen);
    }
    this.cursor = page.nextCursor;
    return page.hasMore;
  }

  async catchUp(): Promise<void> {
    while (await this.poll(50));
  }

  latest(id: number): unknown {
    const seen = this.deliveries.get(id);
    return seen ? JSON.parse(seen[seen.length - 1] ?? 'null') : undefined;
  }

  /**
   * The last delivery of each of `ids`, caught up again and again for up to 10 s until it meets what
   * follows (`.toEqual`): a change a transaction still running held back comes on a later read.
   */
  expectLatest(ids: number[], message?: string) {
    return expect.poll(
      async () => {
        await this.catchUp();
        return ids.map((id) => this.latest(id));
      },
      { timeout: 10_000, message },
    );
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('polling while writes go on', () => {
  it('sees every product and order change exactly once: none lost, none repeated (seeded random writes)', async () => {
    const seed = 2611;
    const rng = seededRandom(seed);
    const products: Awaited<ReturnType<typeof newProduct>>[] = [];
    for (let i = 0; i < 6; i++) products.push(await newProduct(1000));
    const productFeed = new FeedMirror('product');
    const orderFeed = new FeedMirror('order');
    await productFeed.catchUp();
    await orderFeed.catchUp();

    let writing = true;
    const writer = async (steps: number) => {
      for (let step = 0; step < steps; step++) {
        const product = rng.pick(products);
        const kind = rng.int(0, 3);
        if (kind === 0) {
          await admin.caller.product.stock({
            items: [{ kutiId: product.kutiId ?? '', adjust: rng.int(1, 5) }],
          });
        } else if (kind === 1) {
          await admin.caller.product.update({ id: product.id, price: rng.int(500, 9000) });
        } else if (kind === 2) {
          await guest.cart.order(
            orderInput(shop, { cart: [{ product: product.id, quantity: rng.int(1, 3) }] }),
          );
        } else {
          // A transaction that stays open while others commit: its change must not be skipped by a
          // poller that already read theirs.
          await db.prisma.$transaction(async (tx) => {
            await tx.product.update({ where: { id: product.id }, data: { stock: { increment: 1 } } });
            await pause(rng.int(5, 40));
          });
        }
      }
    };
    const poller = async (mirror: FeedMirror) => {
      while (writing) {
        await mirror.poll(rng.int(1, 4));
        await pause(rng.int(0, 10));
      }
    };
    const polling = [poller(productFeed), poller(orderFeed)];
    await Promise.all([writer(25), writer(25), writer(25)]);
    writing = false;
    await Promise.all(polling);

    // Each entity's last delivery is the entity as it is now. Caught up as a poller does, asking again
    // while a transaction that was ending as a page was read still held it back.
    const current = await productRecordsByIds(
      db.prisma,
      products.map((product) => product.id),
    );
    await productFeed
      .expectLatest(
        current.map((record) => record.id),
        `seed ${seed}: the last delivery of each product`,
      )
      .toEqual(current);
    const orderRows = await db.prisma.order.findMany({ select: { id: true }, orderBy: { id: 'asc' } });
    const orders = await ordersByIds(
      db.prisma,
      orderRows.map((row) => row.id),
    );
    await orderFeed
      .expectLatest(
        orders.map((order) => order.id),
        `seed ${seed}: the last delivery of each order`,
      )
      .toEqual(orders);
    // Exactly once: an entity comes again only when it changed, never as the same state twice.
    for (const mirror of [productFeed, orderFeed]) {
      for (const [id, seen] of mirror.deliveries) {
        for (let i = 1; i < seen.length; i++) {
          expect(seen[i], `seed ${seed}: delivery ${i} of ${id} repeats the one before`).not.toBe(
            seen[i - 1],
          );
        }
      }
    }
  });
});

// Two transactions open at once need two connections: the embedded database has one.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a change committed after a later one', () => {
  it('is not skipped: a page holds nothing newer than a transaction still running', async () => {
    const slow = await newProduct();
    const quick = await newProduct();
    const mirror = new FeedMirror('product');
    await mirror.catchUp();

    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written: () => void = () => {};
    const slowWrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    const slowCommit = db.prisma.$transaction(async (tx) => {
      await tx.product.update({ where: { id: slow.id }, data: { stock: 77 } });
      written();
      await released;
    });
    await slowWrote;
    await admin.caller.product.stock({ items: [{ kutiId: quick.kutiId ?? '', stock: 55 }] });

    // The quick change committed, but it is newer than the open transaction: the feed waits for it.
    await mirror.poll(10);
    expect(mirror.latest(quick.id)).toMatchObject({ stock: 10 });

    release();
    await slowCommit;
    await mirror
      .expectLatest([slow.id, quick.id])
      .toEqual([expect.objectContaining({ stock: 77 }), expect.objectContaining({ stock: 55 })]);
  });
});

// Transaction ids are shared by every database of a server: a shop that shares its server (or a test
// that shares it with other tests' databases) must not wait for transactions that are not its own.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a transaction in another database of the server', () => {
  it('does not hold the feed back', async () => {
    const other = await createTestDatabase();
    const mirror = new FeedMirror('product');
    await mirror.catchUp();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let began: () => void = () => {};
    const otherBegan = new Promise<void>((resolve) => {
      began = resolve;
    });
    const otherWrite = other.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT pg_current_xact_id()::text`;
        began();
        await released;
      },
      { timeout: 30_000 },
    );
    try {
      await otherBegan;
      const product = await newProduct(12);
      // Asked again for a while, as a poller does (a transaction of this database's own may be ending):
      // the other database's transaction stays open all along, so a feed that waited for it fails here.
      await mirror.expectLatest([product.id]).toEqual([expect.objectContaining({ stock: 12 })]);
    } finally {
      release();
      await otherWrite;
      await other.close();
    }
  });
});
