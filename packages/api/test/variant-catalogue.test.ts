import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFor } from '../src/cache';
import { bumpCatalogue, invalidateCatalogue } from '../src/services/catalogue/in-memory-index';
import { type Caller, callerFor, createAdmin, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

// How variants show in the catalogue: the product answer, cards, filters, search and the data-quality
// checks. A T-shirt in three colours and two sizes; blue M is sold out, green S is switched off.
let db: Database;
let admin: SignedIn;
let guest: Caller;
let shop: Shop;
const ids = { shirt: 0, mug: 0, colour: 0, size: 0, blue: 0, red: 0, green: 0, s: 0, m: 0, picture: 0 };
const variant: Record<string, number> = {};

async function catalogueChanged(write: Parameters<Database['prisma']['$transaction']>[0]) {
  await db.prisma.$transaction(async (tx) => {
    await write(tx);
    await bumpCatalogue(tx);
  });
  invalidateCatalogue(cacheFor(db.prisma));
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await createAdmin(db.prisma);
  guest = await callerFor(db.prisma);
  shop = await createShop(db.prisma);
  const colour = await admin.caller.property.listOrSave({
    action: 'save',
    property: {
      code: 'szin',
      language: 'hu',
      title: 'Szín',
      values: [{ title: 'kék' }, { title: 'piros' }, { title: 'zöld' }],
    },
  });
  const size = await admin.caller.property.listOrSave({
    action: 'save',
    property: { code: 'meret', language: 'hu', title: 'Méret', values: [{ title: 'S' }, { title: 'M' }] },
  });
  const [blue, red, green] = colour.saved!.values;
  const [small, medium] = size.saved!.values;
  Object.assign(ids, {
    colour: colour.saved!.id,
    size: size.saved!.id,
    blue: blue!.id,
    red: red!.id,
    green: green!.id,
    s: small!.id,
    m: medium!.id,
  });
  ids.shirt = (
    await admin.caller.product.update({
      kutiId: 'POLO',
      price: 4990,
      stock: 0,
      descriptions: [{ language: 'hu', title: 'Póló' }],
    })
  ).id;
  ids.mug = (
    await admin.caller.product.update({
      kutiId: 'BOGRE',
      price: 2990,
      stock: 5,
      descriptions: [{ language: 'hu', title: 'Bögre' }],
    })
  ).id;
  const media = await db.prisma.media.create({
    data: { originalName: 'kek.jpg', mimeType: 'image/jpeg', sizeBytes: 1 },
  });
  ids.picture = media.id;

  await catalogueChanged(async (tx) => {
    await tx.productImage.create({ data: { productId: ids.shirt, mediaId: media.id } });
    await tx.productOption.createMany({
      data: [
        { productId: ids.shirt, propertyId: ids.colour, position: 0 },
        { productId: ids.shirt, propertyId: ids.size, position: 1 },
      ],
    });
    const combinations: [string, number, number, number, Partial<{ enabled: boolean; mediaId: number }>][] = [
      ['POLO-KEK-S', ids.blue, ids.s, 3, { mediaId: media.id }],
      ['POLO-KEK-M', ids.blue, ids.m, 0, { mediaId: media.id }],
      ['POLO-PIROS-S', ids.red, ids.s, 2, {}],
      ['POLO-PIROS-M', ids.red, ids.m, 4, {}],
      ['POLO-ZOLD-S', ids.green, ids.s, 9, { enabled: false }],
    ];
    for (const [index, [code, colourValue, sizeValue, stock, extra]] of combinations.entries()) {
      const row = await tx.productVariant.create({
        data: {
          productId: ids.shirt,
          kutiId: code,
          stock,
          position: index,
          grossPrice: code === 'POLO-PIROS-M' ? 5490 : null,
          ...extra,
          values: { create: [{ propertyValueId: colourValue }, { propertyValueId: sizeValue }] },
        },
      });
      variant[code] = row.id;
    }
    await tx.product.update({ where: { id: ids.shirt }, data: { stock: 9 } });
  });
});
afterAll(() => db?.close());

describe('a product with variants', () => {
  it('answers its options and the variants a shopper can choose, in option order', async () => {
    const shirt = await guest.product.byId({ id: ids.shirt });
    expect(shirt.options).toEqual([
      {
        propertyId: ids.colour,
        title: 'Szín',
        values: [
          { id: ids.blue, title: 'kék', swatch: null },
          { id: ids.red, title: 'piros', swatch: null },
        ],
      },
      {
        propertyId: ids.size,
        title: 'Méret',
        values: [
          { id: ids.s, title: 'S', swatch: null },
          { id: ids.m, title: 'M', swatch: null },
        ],
      },
    ]);
    expect(shirt.variants.map((item) => [item.kutiId, item.title, item.price, item.inStock])).toEqual([
      ['POLO-KEK-S', 'kék, S', 4990, true],
      ['POLO-KEK-M', 'kék, M', 4990, false],
      ['POLO-PIROS-S', 'piros, S', 4990, true],
      ['POLO-PIROS-M', 'piros, M', 5490, true],
    ]);
    expect(shirt.variants[0]).toMatchObject({ valueIds: [ids.blue, ids.s], imageId: ids.picture, stock: 3 });
    // The options are chosen on the page, not listed again among the product's properties.
    expect(shirt.properties).toEqual([]);
    expect(shirt.stock).toBe(9);
  });

  it('shows the admin the switched-off variant and the stored prices', async () => {
    const shirt = await admin.caller.product.byId({ id: ids.shirt });
    expect(shirt.variants.map((item) => item.kutiId)).toContain('POLO-ZOLD-S');
    const none = { salePrice: null, saleStartsAt: null, saleEndsAt: null, tiers: [], groupPrices: [] };
    expect(shirt.admin?.variants).toContainEqual({ id: variant['POLO-PIROS-M'], grossPrice: 5490, ...none });
    expect(shirt.admin?.variants).toContainEqual({ id: variant['POLO-KEK-S'], grossPrice: null, ...none });
  });

  it('says on its card in how many colours it comes; a simple product says nothing', async () => {
    const cards = (await guest.product.filters({ sort: 'name' })).items;
    expect(cards.find((card) => card.id === ids.shirt)?.variantSummary).toBe('2 színben');
    expect(cards.find((card) => card.id === ids.mug)?.variantSummary).toBeNull();
  });

  it('is found by an option value only when a variant with it is in stock', async () => {
    const withSize = async (value: number, colour?: number) =>
      (
        await guest.product.filters({
          properties: { [ids.size]: [value], ...(colour ? { [ids.colour]: [colour] } : {}) },
        })
      ).items.map((card) => card.id);
    expect(await withSize(ids.m)).toEqual([ids.shirt]);
    // Green exists only as a switched-off variant.
    expect(await withSize(ids.s, ids.green)).toEqual([]);
  });

  it('is found by a variant code, in search and in quick search', async () => {
    const found = await guest.product.filters({ query: 'POLO-PIROS-M' });
    expect(found.items.map((card) => card.id)).toEqual([ids.shirt]);
    const quick = await guest.product.quickSearch({ query: 'polo-kek-m' });
    expect(quick.products.map((card) => card.id)).toEqual([ids.shirt]);
  });

  it('answers a variant code of a quick order as that variant: name, code, price, stock and id', async () => {
    const found = await guest.product.findMultipleByKutiId({
      ids: ['POLO-PIROS-M', 'BOGRE', 'POLO-ZOLD-S', 'NINCS'],
    });
    expect(
      found.items.map((item) => [
        item.requestedId,
        item.id,
        item.variant,
        item.title,
        item.kutiId,
        item.price,
        item.inStock,
      ]),
    ).toEqual([
      ['POLO-PIROS-M', ids.shirt, variant['POLO-PIROS-M'], 'Póló, piros, M', 'POLO-PIROS-M', 5490, true],
      ['BOGRE', ids.mug, null, 'Bögre', 'BOGRE', 2990, true],
    ]);
    // A switched-off variant is not for sale.
    expect(found.notFound).toEqual(['POLO-ZOLD-S', 'NINCS']);
  });
});

describe('a sale', () => {
  it('takes a colour out of the filters when its last variant sells out, without a rebuild', async () => {
    const withColour = async (value: number) =>
      (await guest.product.filters({ properties: { [ids.colour]: [value] } })).items.map((card) => card.id);
    expect(await withColour(ids.blue)).toEqual([ids.shirt]);
    // Blue is in stock only as S (3 pieces); blue M is sold out.
    await guest.cart.order(
      orderInput(shop, { cart: [{ product: ids.shirt, variant: variant['POLO-KEK-S']!, quantity: 3 }] }),
    );
    expect(await withColour(ids.blue)).toEqual([]);
    expect(await withColour(ids.red)).toEqual([ids.shirt]);
    const facets = await guest.product.filters({ properties: { [ids.size]: [ids.s] } });
    expect(facets.items.map((card) => card.id)).toEqual([ids.shirt]);
  });
});

describe('product codes', () => {
  it('refuses a product code a variant already has, as a conflict', async () => {
    await expectTrpcError(admin.caller.product.update({ id: ids.mug, kutiId: 'POLO-KEK-S' }), 'CONFLICT');
    expect((await guest.product.byId({ id: ids.mug })).kutiId).toBe('BOGRE');
  });
});

describe('data quality', () => {
  it('lists codes clashing across products and variants, whatever their case and the spaces around them', async () => {
    // The database refuses codes equal ignoring case; one with a trailing space, as an old import could
    // leave it, it still tells apart.
    await catalogueChanged((tx) =>
      tx.productVariant.update({ where: { id: variant['POLO-ZOLD-S']! }, data: { kutiId: 'bogre ' } }),
    );
    const found = await admin.caller.product.quality({ check: 'duplicate-external-code' });
    expect(found.items.map((item) => [item.id, item.detail]).sort()).toEqual(
      [
        [ids.shirt, 'Ismétlődő termékkód: bogre '],
        [ids.mug, 'Ismétlődő termékkód: BOGRE'],
      ].sort(),
    );
  });

  it('lists variants without their own picture when another variant has one, and variants sold for 0 Ft', async () => {
    const missing = await admin.caller.product.quality({ check: 'variant-missing-image' });
    expect(missing.items.map((item) => [item.id, item.detail])).toEqual([
      [ids.shirt, 'Saját kép nélküli változat: POLO-PIROS-S, POLO-PIROS-M'],
    ]);
    expect((await admin.caller.product.quality({ check: 'variant-missing-price' })).total).toBe(0);
    await catalogueChanged((tx) =>
      tx.productVariant.update({ where: { id: variant['POLO-KEK-M']! }, data: { grossPrice: 0 } }),
    );
    const free = await admin.caller.product.quality({ check: 'variant-missing-price' });
    expect(free.items.map((item) => [item.id, item.detail])).toEqual([
      [ids.shirt, '0 Ft-os változat: POLO-KEK-M'],
    ]);
  });

  it("lists a variant whose own quantity price rises, against the variant's price or a tier for fewer", async () => {
    expect((await admin.caller.product.quality({ check: 'rising-tier-prices' })).total).toBe(0);
    await catalogueChanged(async (tx) => {
      // POLO-KEK-S sells at the product's price; 10 pieces dearer than 5 is a mistake.
      await tx.productVariantPriceTier.createMany({
        data: [
          { variantId: variant['POLO-KEK-S']!, minQuantity: 5, grossPrice: 3000 },
          { variantId: variant['POLO-KEK-S']!, minQuantity: 10, grossPrice: 3500 },
        ],
      });
      // A tier of another variant below its price, as it should be.
      await tx.productVariantPriceTier.create({
        data: { variantId: variant['POLO-PIROS-S']!, minQuantity: 5, grossPrice: 3000 },
      });
    });
    const rising = await admin.caller.product.quality({ check: 'rising-tier-prices' });
    expect(rising.items.map((item) => [item.id, item.detail])).toEqual([
      [ids.shirt, 'Nő a mennyiségi ár: POLO-KEK-S'],
    ]);
  });
});
