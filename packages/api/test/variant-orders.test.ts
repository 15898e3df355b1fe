import type { Database } from '@shop/db';
import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFor, VersionedCache } from '../src/cache';
import { mediaUrl } from '../src/schemas';
import { BACK_IN_STOCK_TEMPLATE, sendBackInStockOnce } from '../src/services/back-in-stock/notify-worker';
import { CHOOSE_VARIANT, NOT_SOLD_IN_VARIANTS, VARIANT_NOT_FOUND } from '../src/services/cart/line-variant';
import { getCatalogueIndex } from '../src/services/catalogue/in-memory-index';
import { syncRecentStock } from '../src/services/catalogue/stock-sync';
import { changeOrderStatus } from '../src/services/orders/order-status';
import { createVariantProduct, storedStock, type VariantProduct } from '../src/testing/variant-fixtures';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

// Everything downstream of the product page, per variant: the cart, the guest cart's pricing, the
// order and its stock, cancelling, stock by code, stock on another server and "Értesítést kérek".
let db: Database;
let shop: Shop;
let admin: SignedIn;
let guest: Caller;
let shirt: VariantProduct;
let mug: VariantProduct;
let picture: number;

const SHIRT_OPTIONS = [
  { title: 'Szín', values: ['kék', 'piros'] },
  { title: 'Méret', values: ['S', 'M'] },
];

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
  guest = await callerFor(db.prisma);
  picture = (
    await db.prisma.media.create({
      data: { originalName: 'piros.jpg', mimeType: 'image/jpeg', sizeBytes: 1 },
    })
  ).id;
  shirt = await createVariantProduct(
    db.prisma,
    { slug: 'polo', title: 'Póló', kutiId: 'POLO', grossPrice: 4990 },
    SHIRT_OPTIONS,
    [
      { kutiId: 'POLO-KEK-S', values: ['kék', 'S'], stock: 5 },
      { kutiId: 'POLO-KEK-M', values: ['kék', 'M'], stock: 3 },
      { kutiId: 'POLO-PIROS-S', values: ['piros', 'S'], stock: 0, mediaId: picture },
      { kutiId: 'POLO-PIROS-M', values: ['piros', 'M'], stock: 8, grossPrice: 5490, mediaId: picture },
      { kutiId: 'POLO-ZOLD', values: ['kék', 'S'], stock: 4, enabled: false },
    ],
  );
  mug = await createVariantProduct(
    db.prisma,
    { slug: 'szines-bogre', title: 'Színes bögre', grossPrice: 2990 },
    [{ title: 'Szín', values: ['sárga', 'zöld'] }],
    [
      { kutiId: 'BOGRE-SARGA', values: ['sárga'], stock: 6 },
      { kutiId: 'BOGRE-ZOLD', values: ['zöld'], stock: 6 },
    ],
  );
});
afterAll(() => db?.close());

describe('the server cart per variant', () => {
  let customer: SignedIn;
  beforeAll(async () => {
    customer = await createCustomer(db.prisma);
  });

  it('keeps two variants of one product as two lines, each with its own name, code, picture and price', async () => {
    const cart = customer.caller.cart;
    await cart.add({ product: shirt.id, variant: shirt.variants['POLO-KEK-M'], quantity: 2 });
    await cart.add({ product: shirt.id, variant: shirt.variants['POLO-PIROS-M'], quantity: 1 });
    const summed = await cart.add({ product: shirt.id, variant: shirt.variants['POLO-KEK-M'], quantity: 1 });
    expect(summed.lines).toEqual([
      expect.objectContaining({
        product: shirt.id,
        variant: shirt.variants['POLO-KEK-M'],
        quantity: 3,
        title: 'Póló, kék, M',
        kutiId: 'POLO-KEK-M',
        image: null,
        unitPrice: 4990,
        stock: 3,
        state: 'available',
      }),
      expect.objectContaining({
        product: shirt.id,
        variant: shirt.variants['POLO-PIROS-M'],
        quantity: 1,
        title: 'Póló, piros, M',
        kutiId: 'POLO-PIROS-M',
        image: mediaUrl(picture, 'thumb'),
        unitPrice: 5490,
        stock: 8,
      }),
    ]);
    expect(summed.subtotal).toBe(3 * 4990 + 5490);

    const replaced = await cart.add({
      product: shirt.id,
      variant: shirt.variants['POLO-PIROS-M'],
      quantity: 9,
      replace: true,
    });
    expect(replaced.lines[1]).toMatchObject({ quantity: 9, state: 'insufficient_stock' });
    expect(replaced.lines[1]?.message).toMatch(/Ebből a változatból csak 8 db/);

    const removed = await cart.add({ product: shirt.id, variant: shirt.variants['POLO-KEK-M'], quantity: 0 });
    expect(removed.lines.map((line) => line.variant)).toEqual([shirt.variants['POLO-PIROS-M']]);
    expect(await cart.get()).toEqual(removed);
    await cart.clear({});
  });

  it('refuses a line that does not name one sellable variant: 400 without a variant, 404 for one not sold', async () => {
    const cart = customer.caller.cart;
    await expectTrpcError(cart.add({ product: shirt.id, quantity: 1 }), 'BAD_REQUEST', CHOOSE_VARIANT);
    await expectTrpcError(
      cart.add({ product: shop.products.mug, variant: shirt.variants['POLO-KEK-S'], quantity: 1 }),
      'BAD_REQUEST',
      NOT_SOLD_IN_VARIANTS,
    );
    // Another product's variant, a switched-off one, one that does not exist.
    for (const variant of [mug.variants['BOGRE-SARGA']!, shirt.variants['POLO-ZOLD']!, 999_999]) {
      await expectTrpcError(
        cart.add({ product: shirt.id, variant, quantity: 1 }),
        'NOT_FOUND',
        VARIANT_NOT_FOUND,
      );
    }
    expect((await cart.get()).lines).toEqual([]);
  });
});

describe('the guest cart per variant (POST /api/cart/price)', () => {
  it('merges lines by product and variant, and asks to choose on a line without one', async () => {
    const cart = await guest.cart.price({
      cart: [
        { product: mug.id, variant: mug.variants['BOGRE-SARGA'], quantity: 1 },
        { product: mug.id, variant: mug.variants['BOGRE-ZOLD'], quantity: 2 },
        { product: mug.id, variant: mug.variants['BOGRE-SARGA'], quantity: 2 },
        { product: shirt.id, quantity: 1 },
        { product: shirt.id, variant: shirt.variants['POLO-PIROS-S'], quantity: 1 },
        { product: shop.products.mug, quantity: 1 },
      ],
    });
    expect(cart.lines.map((line) => [line.variant, line.title, line.quantity, line.state])).toEqual([
      [mug.variants['BOGRE-SARGA'], 'Színes bögre, sárga', 3, 'available'],
      [mug.variants['BOGRE-ZOLD'], 'Színes bögre, zöld', 2, 'available'],
      [null, 'Póló', 1, 'unavailable'],
      [shirt.variants['POLO-PIROS-S'], 'Póló, piros, S', 1, 'out_of_stock'],
      [null, 'Kék bögre', 1, 'available'],
    ]);
    expect(cart.lines[2]?.message).toBe(CHOOSE_VARIANT);
    expect(cart.lines[3]?.message).toBe('Ez a változat elfogyott.');
    expect(cart.orderable).toBe(false);
  });
});

describe('ordering a variant', () => {
  it('takes only that variant and its product sum, and names the variant on the line and in the webhook', async () => {
    const endpoint = await db.prisma.webhookEndpoint.create({
      data: {
        url: 'https://erp.example.hu/valtozat',
        events: ['order.created', 'stock.changed'],
        secret: 'titok',
      },
    });
    const before = await storedStock(db.prisma, shirt.id);
    const placed = await guest.cart.order(
      orderInput(shop, {
        cart: [
          { product: shirt.id, variant: shirt.variants['POLO-PIROS-M'], quantity: 2 },
          { product: shop.products.mug, quantity: 1 },
        ],
      }),
    );
    expect(placed.order.lines).toEqual([
      expect.objectContaining({
        product: shirt.id,
        variant: shirt.variants['POLO-PIROS-M'],
        title: 'Póló, piros, M',
        kutiId: 'POLO-PIROS-M',
        unitPrice: 5490,
        quantity: 2,
      }),
      expect.objectContaining({
        product: shop.products.mug,
        variant: null,
        title: 'Kék bögre',
        kutiId: 'KB-1',
      }),
    ]);
    const after = await storedStock(db.prisma, shirt.id);
    expect(after.variants).toEqual({
      ...before.variants,
      'POLO-PIROS-M': before.variants['POLO-PIROS-M']! - 2,
    });
    expect(after.product).toBe(before.product - 2);
    expect(after.unitsSold).toBe(before.unitsSold + 2);
    const stored = await db.prisma.orderLine.findMany({
      where: { orderId: placed.order.id },
      orderBy: { id: 'asc' },
      select: { variantId: true, productTitle: true, kutiId: true },
    });
    expect(stored[0]).toEqual({
      variantId: shirt.variants['POLO-PIROS-M'],
      productTitle: 'Póló, piros, M',
      kutiId: 'POLO-PIROS-M',
    });

    const bodies = (await db.prisma.webhookDelivery.findMany({ where: { endpointId: endpoint.id } })).map(
      (delivery) =>
        JSON.parse(delivery.body) as { event: string; data: { lines?: unknown; items?: unknown } },
    );
    expect(bodies.find((body) => body.event === 'order.created')?.data.lines).toEqual([
      expect.objectContaining({
        product: shirt.id,
        variant: shirt.variants['POLO-PIROS-M'],
        kutiId: 'POLO-PIROS-M',
        title: 'Póló, piros, M',
      }),
      expect.objectContaining({
        product: shop.products.mug,
        variant: null,
        kutiId: 'KB-1',
      }),
    ]);
    const stockItem = (
      product: number,
      variant: number | null | undefined,
      kutiId: string,
      stock: number,
    ) => ({ product, variant, kutiId, stock });
    expect(bodies.find((body) => body.event === 'stock.changed')?.data.items).toEqual([
      stockItem(shop.products.mug, null, 'KB-1', 99),
      stockItem(shirt.id, null, 'POLO', after.product),
      stockItem(shirt.id, shirt.variants['POLO-PIROS-M'], 'POLO-PIROS-M', 6),
    ]);
    await db.prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { deletedAt: new Date() } });
  });

  it('refuses more than the variant has with its name, although the product sum has enough', async () => {
    const before = await storedStock(db.prisma, shirt.id);
    await expectTrpcError(
      guest.cart.order(
        orderInput(shop, {
          cart: [{ product: shirt.id, variant: shirt.variants['POLO-KEK-M'], quantity: 4 }],
        }),
      ),
      'CONFLICT',
      '„Póló, kék, M” termékből csak 3 db van készleten.',
    );
    await expectTrpcError(
      guest.cart.order(orderInput(shop, { cart: [{ product: shirt.id, quantity: 1 }] })),
      'BAD_REQUEST',
      CHOOSE_VARIANT,
    );
    await expectTrpcError(
      guest.cart.order(
        orderInput(shop, { cart: [{ product: shirt.id, variant: mug.variants['BOGRE-ZOLD'], quantity: 1 }] }),
      ),
      'CONFLICT',
    );
    expect(await storedStock(db.prisma, shirt.id)).toEqual(before);
  });

  it('gives the variant back, and the product sum, when the order is cancelled', async () => {
    const before = await storedStock(db.prisma, shirt.id);
    const placed = await guest.cart.order(
      orderInput(shop, { cart: [{ product: shirt.id, variant: shirt.variants['POLO-KEK-S'], quantity: 2 }] }),
    );
    expect((await storedStock(db.prisma, shirt.id)).variants['POLO-KEK-S']).toBe(
      before.variants['POLO-KEK-S']! - 2,
    );
    await admin.caller.order.setStatus({ id: placed.order.id, status: 'cancelled' });
    expect(await storedStock(db.prisma, shirt.id)).toEqual(before);
    // This server's catalogue shows the variant's stock at once.
    const index = await getCatalogueIndex({ prisma: db.prisma, cache: cacheFor(db.prisma) });
    expect(index.variantsById.get(shirt.variants['POLO-KEK-S']!)?.stock).toBe(before.variants['POLO-KEK-S']);
  });

  it('a failed card payment gives the variant back, and paying again takes it anew or names the variant gone', async () => {
    const id = mug.variants['BOGRE-SARGA']!;
    const before = await storedStock(db.prisma, mug.id);
    const placed = await guest.cart.order(
      orderInput(shop, { cart: [{ product: mug.id, variant: id, quantity: 2 }] }),
    );
    // As a card order waits for its payment.
    await db.prisma.order.update({ where: { id: placed.order.id }, data: { status: 'awaiting_payment' } });
    const move = (to: 'payment_failed' | 'awaiting_payment') =>
      db.prisma.$transaction((tx) =>
        changeOrderStatus(tx, { orderId: placed.order.id, to, actorId: null, system: true }),
      );
    await move('payment_failed');
    expect(await storedStock(db.prisma, mug.id)).toEqual(before);
    await move('awaiting_payment');
    const taken = await storedStock(db.prisma, mug.id);
    expect(taken.variants['BOGRE-SARGA']).toBe(before.variants['BOGRE-SARGA']! - 2);
    expect(taken.variants['BOGRE-ZOLD']).toBe(before.variants['BOGRE-ZOLD']);
    expect(taken.product).toBe(before.product - 2);

    await move('payment_failed');
    await admin.caller.product.stock({ items: [{ kutiId: 'BOGRE-SARGA', stock: 1 }] });
    const left = await storedStock(db.prisma, mug.id);
    await expect(move('awaiting_payment')).rejects.toThrow('„Színes bögre, sárga” már nincs elég készleten');
    expect(await storedStock(db.prisma, mug.id)).toEqual(left);
  });

  it("moves the variant's stock in another server's catalogue within a poll", async () => {
    const other = new VersionedCache(db.prisma);
    const otherIndex = await getCatalogueIndex({ prisma: db.prisma, cache: other });
    const id = mug.variants['BOGRE-ZOLD']!;
    const before = otherIndex.variantsById.get(id)!.stock;
    await guest.cart.order(orderInput(shop, { cart: [{ product: mug.id, variant: id, quantity: 1 }] }));
    const here = await getCatalogueIndex({ prisma: db.prisma, cache: cacheFor(db.prisma) });
    expect(here.variantsById.get(id)?.stock).toBe(before - 1);
    expect(otherIndex.variantsById.get(id)?.stock).toBe(before);
    await syncRecentStock(db.prisma, otherIndex, Date.now() + 60_000);
    expect(otherIndex.variantsById.get(id)?.stock).toBe(before - 1);
    expect(otherIndex.byId.get(mug.id)?.stock).toBe((await storedStock(db.prisma, mug.id)).product);
  });
});

describe('POST /api/product/stock with variant codes', () => {
  it('sets variants and products in one call, keeping the product sum', async () => {
    const sock = await createVariantProduct(
      db.prisma,
      { slug: 'zokni', title: 'Zokni', kutiId: 'ZOKNI', grossPrice: 990 },
      [{ title: 'Méret', values: ['39-42', '43-46'] }],
      [
        { kutiId: 'ZOKNI-39', values: ['39-42'], stock: 1 },
        { kutiId: 'ZOKNI-43', values: ['43-46'], stock: 1 },
      ],
    );
    const answer = await admin.caller.product.stock({
      items: [
        { kutiId: 'ZOKNI-39', stock: 12 },
        { kutiId: 'KB-1', stock: 40 },
        { kutiId: 'ZOKNI-43', price: 1290 },
        { kutiId: 'ZOKNI', price: 1090 },
      ],
    });
    expect(answer.results).toEqual([
      {
        kutiId: 'ZOKNI-39',
        status: 'updated',
        productId: sock.id,
        variantId: sock.variants['ZOKNI-39'],
        stock: 12,
        price: 1090,
      },
      {
        kutiId: 'KB-1',
        status: 'updated',
        productId: shop.products.mug,
        variantId: null,
        stock: 40,
        price: 3990,
      },
      {
        kutiId: 'ZOKNI-43',
        status: 'updated',
        productId: sock.id,
        variantId: sock.variants['ZOKNI-43'],
        stock: 1,
        price: 1290,
      },
      { kutiId: 'ZOKNI', status: 'updated', productId: sock.id, variantId: null, stock: 13, price: 1090 },
    ]);
    expect(await storedStock(db.prisma, sock.id)).toMatchObject({
      product: 13,
      variants: { 'ZOKNI-39': 12, 'ZOKNI-43': 1 },
    });
    const page = await guest.product.byId({ id: sock.id });
    expect(page.variants.map((variant) => [variant.kutiId, variant.stock, variant.price])).toEqual([
      ['ZOKNI-39', 12, 1090],
      ['ZOKNI-43', 1, 1290],
    ]);

    await expectTrpcError(
      admin.caller.product.stock({ items: [{ kutiId: 'ZOKNI', stock: 5 }] }),
      'BAD_REQUEST',
      /változatok kódjával/,
    );
    expect((await storedStock(db.prisma, sock.id)).product).toBe(13);
  });
});

describe('back in stock per variant', () => {
  it('waits for the variant asked for, and names it in the e-mail', async () => {
    await db.prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES], skipDuplicates: true });
    const email = 'valtozat@example.hu';
    const red = shirt.variants['POLO-PIROS-S']!;
    expect(await guest.product.notifyWhenInStock({ id: shirt.id, variant: red, email })).toEqual({
      productId: shirt.id,
      variantId: red,
      email,
    });
    await expectTrpcError(
      guest.product.notifyWhenInStock({ id: shirt.id, email }),
      'BAD_REQUEST',
      CHOOSE_VARIANT,
    );
    await expectTrpcError(
      guest.product.notifyWhenInStock({ id: shirt.id, variant: shirt.variants['POLO-KEK-S'], email }),
      'CONFLICT',
      /változat most is raktáron/,
    );
    await expectTrpcError(
      guest.product.notifyWhenInStock({ id: shirt.id, variant: mug.variants['BOGRE-SARGA'], email }),
      'NOT_FOUND',
    );

    const send = () => sendBackInStockOnce({ prisma: db.prisma, publicUrl: 'https://bolt.example.hu' });
    const mails = () =>
      db.prisma.emailOutbox.findMany({ where: { to: email, templateKey: BACK_IN_STOCK_TEMPLATE } });
    // The product has other variants in stock: that is not what was asked for.
    expect((await storedStock(db.prisma, shirt.id)).product).toBeGreaterThan(0);
    await send();
    expect(await mails()).toEqual([]);

    await admin.caller.product.stock({ items: [{ kutiId: 'POLO-PIROS-S', stock: 2 }] });
    await send();
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain('Póló, piros, S');
    expect(sent[0]?.text).toContain(`?variant=${red}`);
  });
});
