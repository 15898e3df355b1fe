import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/openapi';
import { createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';

// A quantity tier's, a group's and a customer's price is `price`, as the product's own. 1.x also took and
// answered it as `grossPrice`; since 2.0.0 answers carry `price` alone and inputs refuse `grossPrice` by name.

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

/** An input as a 1.x client sent it: the types no longer allow `grossPrice`, the wire still can. */
const legacy = <T>(value: unknown) => value as T;

describe('a product’s tiers, group and customer prices', () => {
  it('take `price` and answer it alone', async () => {
    const id = await newProduct('Bögre árlépcsővel');
    await admin.caller.product.update({
      id,
      tiers: [
        { minQuantity: 10, price: 4490 },
        { minQuantity: 50, price: 3990 },
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
      { minQuantity: 10, price: 4490 },
      { minQuantity: 50, price: 3990 },
    ]);
    expect(answer.groupPrices).toEqual([
      { groupId: group, groupName: 'Viszonteladók', price: 4290, hidden: false },
    ]);
    expect(answer.customerPrices).toEqual([
      { userId: customer.id, email: customer.email, name: expect.any(String), price: 4190, hidden: false },
    ]);
  });

  it('accept what the answer says sent back, and a price left out as the list price', async () => {
    const id = await newProduct('Visszaküldött lépcsők');
    await admin.caller.product.update({
      id,
      tiers: [{ minQuantity: 5, price: 4700 }],
      groupPrices: [{ groupId: group, price: 4500, hidden: true }],
    });
    const before = await adminOf(id);
    await admin.caller.product.update({
      id,
      tiers: before.tiers,
      groupPrices: before.groupPrices.map(({ groupName: _name, ...price }) => price),
      customerPrices: [{ userId: customer.id, hidden: true }],
    });
    const after = await adminOf(id);
    expect(after.tiers).toEqual(before.tiers);
    expect(after.groupPrices).toEqual(before.groupPrices);
    expect(after.customerPrices).toEqual([
      expect.objectContaining({ userId: customer.id, price: null, hidden: true }),
    ]);
  });

  it('refuse `grossPrice` as an unknown field named in the message, and a tier without a price, writing nothing', async () => {
    const id = await newProduct('Régi nevű ár');
    await admin.caller.product.update({ id, tiers: [{ minQuantity: 10, price: 4490 }] });
    await expectTrpcError(
      admin.caller.product.update({ id, tiers: legacy([{ minQuantity: 10, grossPrice: 4000 }]) }),
      'BAD_REQUEST',
      'Ismeretlen mező: tiers.0.grossPrice',
    );
    await expectTrpcError(
      admin.caller.product.update({
        id,
        groupPrices: legacy([{ groupId: group, price: 4000, grossPrice: 4000 }]),
      }),
      'BAD_REQUEST',
      'Ismeretlen mező: groupPrices.0.grossPrice',
    );
    await expectTrpcError(
      admin.caller.product.update({ id, customerPrices: legacy([{ userId: customer.id, grossPrice: 3 }]) }),
      'BAD_REQUEST',
      'Ismeretlen mező: customerPrices.0.grossPrice',
    );
    await expectTrpcError(
      admin.caller.product.update({ id, tiers: legacy([{ minQuantity: 20 }]) }),
      'BAD_REQUEST',
      /^Hibás adat: tiers\.0\.price – /,
    );
    expect(await storedTiers(id)).toEqual([{ minQuantity: 10, grossPrice: 4490 }]);
    expect((await adminOf(id)).groupPrices).toEqual([]);
    expect((await adminOf(id)).customerPrices).toEqual([]);
  });
});

describe('a variant’s tiers and group prices', () => {
  it('take `price`, answer it alone, and refuse `grossPrice` by name', async () => {
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
        { values: ['M'], stock: 2, tiers: [{ minQuantity: 3, price: 4490 }] },
      ],
    });
    const answer = await adminOf(id);
    const [small, medium] = answer.variants;
    // The variant's own list price keeps its name `grossPrice`: it was never the deprecated one.
    expect(small?.grossPrice).toBe(5990);
    expect(small?.tiers).toEqual([{ minQuantity: 3, price: 5490 }]);
    expect(small?.groupPrices).toEqual([{ groupId: group, groupName: 'Viszonteladók', price: 5290 }]);
    expect(medium?.tiers).toEqual([{ minQuantity: 3, price: 4490 }]);

    // Sent back as answered.
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
          { id: small?.id, values: ['S'], tiers: legacy([{ minQuantity: 3, grossPrice: 5000 }]) },
          { id: medium?.id, values: ['M'] },
        ],
      }),
      'BAD_REQUEST',
      'Ismeretlen mező: variants.0.tiers.0.grossPrice',
    );
    await expectTrpcError(
      admin.caller.product.variants({
        product: id,
        options,
        variants: [
          { id: small?.id, values: ['S'] },
          { id: medium?.id, values: ['M'], groupPrices: legacy([{ groupId: group, grossPrice: 5300 }]) },
        ],
      }),
      'BAD_REQUEST',
      'Ismeretlen mező: variants.1.groupPrices.0.grossPrice',
    );
    await expectTrpcError(
      admin.caller.product.variants({
        product: id,
        options,
        variants: [
          { id: small?.id, values: ['S'], groupPrices: legacy([{ groupId: group }]) },
          { id: medium?.id, values: ['M'] },
        ],
      }),
      'BAD_REQUEST',
      /^Hibás adat: variants\.0\.groupPrices\.0\.price – /,
    );
    expect((await adminOf(id)).variants).toEqual(answer.variants);
  });
});

describe('the OpenAPI document', () => {
  it('names the tiers’, group and customer prices `price` only, in the answers and the inputs', () => {
    const document: unknown = buildOpenApiDocument({ baseUrl: '/api' });
    const text = JSON.stringify(document);
    expect(text).not.toContain('helyette `price`');
    /** Every object schema in the document that has a `minQuantity` or a `groupId`/`userId` property. */
    const priced: Record<string, unknown>[] = [];
    const walk = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const properties = (node as { properties?: Record<string, unknown> }).properties;
      if (properties && ('minQuantity' in properties || 'groupId' in properties || 'userId' in properties)) {
        if ('price' in properties) priced.push(properties);
      }
      for (const child of Object.values(node)) walk(child);
    };
    walk(document);
    // The tiers, group and customer prices of the update, the variants' save and the admin answer.
    expect(priced.length).toBeGreaterThanOrEqual(6);
    for (const properties of priced) expect(Object.keys(properties)).not.toContain('grossPrice');
  });
});
