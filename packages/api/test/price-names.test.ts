import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/openapi';
import { PRICE_NAMES_DIFFER, PRICE_REQUIRED } from '../src/schemas';
import { createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';

// A quantity tier's and a group's price is `price`, as the product's own: inputs take `price` or the
// 1.0 name `grossPrice` (deprecated), both when equal, and answers carry both.

let db: Database;
let admin: SignedIn;
let customer: SignedIn;
let group: number;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await createAdmin(db.prisma);
  customer = await createCustomer(db.prisma);
  group = (await db.prisma.customerGroup.create({ data: { name: 'Viszonteladók' }, select: { id: true } }))
    .id;
});
afterAll(async () => {
  await db?.close();
});

async function newProduct(title: string): Promise<number> {
  const product = await admin.caller.product.update({
    price: 4990,
    stock: 3,
    descriptions: [{ language: 'hu', title }],
  });
  return product.id;
}

const adminOf = async (id: number) => {
  const product = await admin.caller.product.byId({ id });
  if (!product.admin) throw new Error('Az admin nem látja a termék adatait.');
  return product.admin;
};

const storedTiers = (productId: number) =>
  db.prisma.productPriceTier.findMany({
    where: { productId },
    orderBy: { minQuantity: 'asc' },
    select: { minQuantity: true, grossPrice: true },
  });

describe('a product’s tiers, group and customer prices', () => {
  it('take `price`, answer it beside the deprecated `grossPrice` with the same value', async () => {
    const id = await newProduct('Bögre árlépcsővel');
    await admin.caller.product.update({
      id,
      tiers: [
        { minQuantity: 10, price: 4490 },
        { minQuantity: 50, grossPrice: 3990 },
      ],
      groupPrices: [{ groupId: group, price: 4290 }],
      customerPrices: [{ userId: customer.id, price: 4190 }],
    });
    expect(await storedTiers(id)).toEqual([
      { minQuantity: 10, grossPrice: 4490 },
      { minQuantity: 50, grossPrice: 3990 },
    ]);
    const answer = await adminOf(id);
    expect(answer.tiers).toEqual([
      { minQuantity: 10, price: 4490, grossPrice: 4490 },
      { minQuantity: 50, price: 3990, grossPrice: 3990 },
    ]);
    expect(answer.groupPrices).toEqual([
      { groupId: group, groupName: 'Viszonteladók', price: 4290, grossPrice: 4290, hidden: false },
    ]);
    expect(answer.customerPrices).toEqual([
      expect.objectContaining({ userId: customer.id, price: 4190, grossPrice: 4190, hidden: false }),
    ]);
  });

  it('accept what the answer says sent back, both names equal', async () => {
    const id = await newProduct('Visszaküldött lépcsők');
    await admin.caller.product.update({
      id,
      tiers: [{ minQuantity: 5, grossPrice: 4700 }],
      groupPrices: [{ groupId: group, grossPrice: 4500, hidden: true }],
    });
    const before = await adminOf(id);
    await admin.caller.product.update({
      id,
      tiers: before.tiers,
      groupPrices: before.groupPrices.map(({ groupName: _name, ...price }) => price),
      customerPrices: [{ userId: customer.id, price: null, grossPrice: null, hidden: true }],
    });
    const after = await adminOf(id);
    expect(after.tiers).toEqual(before.tiers);
    expect(after.groupPrices).toEqual(before.groupPrices);
    expect(after.customerPrices).toEqual([
      expect.objectContaining({ userId: customer.id, price: null, grossPrice: null, hidden: true }),
    ]);
  });

  it('refuse two different prices under the two names, and a tier without a price, writing nothing', async () => {
    const id = await newProduct('Ellentmondó ár');
    await admin.caller.product.update({ id, tiers: [{ minQuantity: 10, price: 4490 }] });
    const differing = await expectTrpcError(
      admin.caller.product.update({ id, tiers: [{ minQuantity: 10, price: 4000, grossPrice: 4100 }] }),
      'BAD_REQUEST',
      PRICE_NAMES_DIFFER,
    );
    expect(JSON.stringify(differing.cause ?? differing)).toContain('tiers.0.price');
    await expectTrpcError(
      admin.caller.product.update({ id, groupPrices: [{ groupId: group, price: 1, grossPrice: 2 }] }),
      'BAD_REQUEST',
      PRICE_NAMES_DIFFER,
    );
    await expectTrpcError(
      admin.caller.product.update({
        id,
        customerPrices: [{ userId: customer.id, price: null, grossPrice: 3 }],
      }),
      'BAD_REQUEST',
      PRICE_NAMES_DIFFER,
    );
    await expectTrpcError(
      admin.caller.product.update({ id, tiers: [{ minQuantity: 20 }] }),
      'BAD_REQUEST',
      PRICE_REQUIRED,
    );
    expect(await storedTiers(id)).toEqual([{ minQuantity: 10, grossPrice: 4490 }]);
  });
});

describe('a variant’s tiers and group prices', () => {
  it('take `price` or `grossPrice`, answer both, and refuse them different', async () => {
    const id = await newProduct('Póló árakkal');
    const options = [{ title: 'Méret', values: [{ title: 'S' }, { title: 'M' }] }];
    await admin.caller.product.variants({
      product: id,
      options,
      variants: [
        {
          values: ['S'],
          stock: 2,
          grossPrice: 5990,
          tiers: [{ minQuantity: 3, price: 5490 }],
          groupPrices: [{ groupId: group, price: 5290 }],
        },
        { values: ['M'], stock: 2, tiers: [{ minQuantity: 3, grossPrice: 4490 }] },
      ],
    });
    const answer = await adminOf(id);
    const [small, medium] = answer.variants;
    expect(small?.tiers).toEqual([{ minQuantity: 3, price: 5490, grossPrice: 5490 }]);
    expect(small?.groupPrices).toEqual([
      { groupId: group, groupName: 'Viszonteladók', price: 5290, grossPrice: 5290 },
    ]);
    expect(medium?.tiers).toEqual([{ minQuantity: 3, price: 4490, grossPrice: 4490 }]);

    // Sent back as answered: both names, equal.
    await admin.caller.product.variants({
      product: id,
      options,
      variants: [
        {
          id: small?.id,
          values: ['S'],
          tiers: small?.tiers,
          groupPrices: small?.groupPrices.map(({ groupName: _name, ...price }) => price),
        },
        { id: medium?.id, values: ['M'], tiers: medium?.tiers },
      ],
    });
    expect((await adminOf(id)).variants).toEqual(answer.variants);

    await expectTrpcError(
      admin.caller.product.variants({
        product: id,
        options,
        variants: [
          { id: small?.id, values: ['S'], groupPrices: [{ groupId: group, price: 5290, grossPrice: 5300 }] },
          { id: medium?.id, values: ['M'] },
        ],
      }),
      'BAD_REQUEST',
      PRICE_NAMES_DIFFER,
    );
    await expectTrpcError(
      admin.caller.product.variants({
        product: id,
        options,
        variants: [
          { id: small?.id, values: ['S'], groupPrices: [{ groupId: group }] },
          { id: medium?.id, values: ['M'] },
        ],
      }),
      'BAD_REQUEST',
      PRICE_REQUIRED,
    );
    expect((await adminOf(id)).variants).toEqual(answer.variants);
  });
});

describe('the OpenAPI document', () => {
  it('marks `grossPrice` deprecated beside `price` in the tiers it answers and takes', () => {
    const document: unknown = buildOpenApiDocument({ baseUrl: '/api' });
    /** A value down the document's JSON, or undefined where the path ends. */
    const at = (value: unknown, ...keys: string[]): unknown =>
      keys.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
    const text = JSON.stringify(document);
    expect(text).toContain('Elavult: helyette `price` (ugyanaz az érték); a 2.0.0-ban megszűnik.');
    const update = at(
      document,
      'paths',
      '/product/update',
      'post',
      'requestBody',
      'content',
      'application/json',
      'schema',
    );
    const ref = at(update, '$ref');
    const input =
      typeof ref === 'string' ? at(document, 'components', 'schemas', ref.split('/').pop() ?? '') : update;
    const tier = at(input, 'properties', 'tiers', 'items');
    expect(at(tier, 'properties', 'price', 'deprecated')).toBeUndefined();
    expect(at(tier, 'properties', 'grossPrice')).toMatchObject({ deprecated: true });
  });
});
