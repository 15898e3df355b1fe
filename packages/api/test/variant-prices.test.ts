import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProduct, TProductVariantsInput } from '../src/schemas';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

// A variant's own quantity tiers and fixed group prices, written by the admin's variant save and paid
// in the cart, the order, getPrice and the product page's tier table.
let db: Database;
let shop: Shop;
let admin: SignedIn;
let member: SignedIn;
let guest: Caller;
let groupId = 0;
let product: TProduct;

const OPTIONS: TProductVariantsInput['options'] = [
  { title: 'Szín', values: [{ title: 'kék' }, { title: 'piros' }] },
  { title: 'Méret', values: [{ title: 'S' }, { title: 'M' }] },
];

/** The rows of the save; KEK-M has its own price, tiers and group price. */
function variants(): TProductVariantsInput['variants'] {
  return [
    {
      values: ['kék', 'M'],
      kutiId: 'AR-KEK-M',
      stock: 50,
      grossPrice: 5490,
      tiers: [{ minQuantity: 10, price: 4990 }],
      groupPrices: [{ groupId, price: 4800 }],
    },
    // The product's price, tiers and group price.
    { values: ['kék', 'S'], kutiId: 'AR-KEK-S', stock: 50 },
    // A price of its own and nothing else: no tiers, the group's discount percent.
    { values: ['piros', 'S'], kutiId: 'AR-PIROS-S', stock: 50, grossPrice: 5290 },
    // The product's price with tiers of its own.
    {
      values: ['piros', 'M'],
      kutiId: 'AR-PIROS-M',
      stock: 50,
      tiers: [{ minQuantity: 5, price: 4000 }],
    },
  ];
}

const variantId = (code: string) => product.variants.find((variant) => variant.kutiId === code)?.id ?? 0;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
  member = await createCustomer(db.prisma);
  guest = await callerFor(db.prisma);
  groupId = (await db.prisma.customerGroup.create({ data: { name: 'Viszonteladók', discountPercent: 5 } }))
    .id;
  await db.prisma.user.update({ where: { id: member.id }, data: { groupId } });
  const created = await admin.caller.product.update({
    price: 4990,
    descriptions: [{ language: 'hu', title: 'Árazott póló' }],
    tiers: [{ minQuantity: 10, price: 4500 }],
    groupPrices: [{ groupId, price: 4700 }],
  });
  product = await admin.caller.product.variants({
    product: created.id,
    options: OPTIONS,
    variants: variants(),
  });
});
afterAll(() => db?.close());

describe('a variant’s own quantity tiers and group prices', () => {
  it('are stored by the variant save and listed for the admin', async () => {
    const admins = product.admin?.variants ?? [];
    expect(admins.find((variant) => variant.id === variantId('AR-KEK-M'))).toEqual({
      id: variantId('AR-KEK-M'),
      grossPrice: 5490,
      salePrice: null,
      saleStartsAt: null,
      saleEndsAt: null,
      tiers: [{ minQuantity: 10, price: 4990 }],
      groupPrices: [{ groupId, groupName: 'Viszonteladók', price: 4800 }],
    });
    expect(admins.find((variant) => variant.id === variantId('AR-KEK-S'))).toMatchObject({
      tiers: [],
      groupPrices: [],
    });
  });

  it('price a group member’s 10 pieces in the cart and the order at the variant’s group and tier prices', async () => {
    const cart = member.caller.cart;
    await cart.add({ product: product.id, variant: variantId('AR-KEK-M'), quantity: 10 });
    await cart.add({ product: product.id, variant: variantId('AR-KEK-S'), quantity: 10 });
    await cart.add({ product: product.id, variant: variantId('AR-PIROS-S'), quantity: 10 });
    await cart.add({ product: product.id, variant: variantId('AR-PIROS-M'), quantity: 10 });
    const priced = await cart.get();
    const unitPrices = Object.fromEntries(priced.lines.map((line) => [line.kutiId, line.unitPrice]));
    const expected = {
      // Its group price 4 800 is below its tier price 4 990.
      'AR-KEK-M': 4800,
      // The product's tier price 4 500 is below the product's group price 4 700.
      'AR-KEK-S': 4500,
      // No tiers and no group price of its own: 5 290 less the group's 5 %.
      'AR-PIROS-S': 5026,
      // Its own tier 4 000 on the product's price.
      'AR-PIROS-M': 4000,
    };
    expect(unitPrices).toEqual(expected);

    const placed = await member.caller.cart.order(orderInput(shop));
    expect(Object.fromEntries(placed.order.lines.map((line) => [line.kutiId, line.unitPrice]))).toEqual(
      expected,
    );
  });

  it('price a guest at the variant’s tiers in the cart, getPrice and the tier table of the product page', async () => {
    const priced = await guest.cart.price({
      cart: [
        { product: product.id, variant: variantId('AR-KEK-M'), quantity: 9 },
        { product: product.id, variant: variantId('AR-PIROS-M'), quantity: 5 },
      ],
    });
    expect(priced.lines.map((line) => line.unitPrice)).toEqual([5490, 4000]);
    const price = await guest.product.getPrice({
      id: product.id,
      variant: variantId('AR-KEK-M'),
      quantity: 10,
    });
    expect(price).toMatchObject({ unitPrice: 4990, total: 49_900, listPrice: 5490 });

    const page = await guest.product.byId({ id: product.id });
    const bands = (code: string) => page.variants.find((variant) => variant.kutiId === code)?.priceBands;
    expect(bands('AR-KEK-M')).toEqual([
      { minQuantity: 1, maxQuantity: 9, unitPrice: 5490 },
      { minQuantity: 10, maxQuantity: null, unitPrice: 4990 },
    ]);
    expect(bands('AR-PIROS-S')).toEqual([{ minQuantity: 1, maxQuantity: null, unitPrice: 5290 }]);
    expect(bands('AR-KEK-S')).toEqual(page.priceBands);
    const members = await member.caller.product.byId({ id: product.id });
    expect(members.variants.find((variant) => variant.kutiId === 'AR-KEK-M')?.priceBands).toEqual([
      { minQuantity: 1, maxQuantity: null, unitPrice: 4800 },
    ]);
  });

  it('keeps them when a save leaves the lists out, and removes them with empty lists', async () => {
    const rows = variants().map(({ tiers: _tiers, groupPrices: _groups, ...row }) => row);
    const kept = await admin.caller.product.variants({
      product: product.id,
      options: OPTIONS,
      variants: rows,
    });
    const kekM = () => kept.admin?.variants.find((variant) => variant.id === variantId('AR-KEK-M'));
    expect(kekM()).toMatchObject({ tiers: [{ minQuantity: 10 }], groupPrices: [{ groupId }] });

    const [first, ...rest] = rows;
    const cleared = await admin.caller.product.variants({
      product: product.id,
      options: OPTIONS,
      variants: [{ ...first!, tiers: [], groupPrices: [] }, ...rest],
    });
    expect(cleared.admin?.variants.find((variant) => variant.id === variantId('AR-KEK-M'))).toMatchObject({
      tiers: [],
      groupPrices: [],
    });
    // Back as they were, for any test after this one.
    product = await admin.caller.product.variants({
      product: product.id,
      options: OPTIONS,
      variants: variants(),
    });
  });

  it('refuses bad tiers and group prices with a Hungarian 400', async () => {
    const save = (row: Partial<TProductVariantsInput['variants'][number]>) => {
      const [first, ...rest] = variants();
      return admin.caller.product.variants({
        product: product.id,
        options: OPTIONS,
        variants: [{ ...first!, ...row }, ...rest],
      });
    };
    await expectTrpcError(
      save({
        tiers: [
          { minQuantity: 10, price: 4990 },
          { minQuantity: 10, price: 4900 },
        ],
      }),
      'BAD_REQUEST',
      /10 darabtól két mennyiségi ár is szerepel/,
    );
    await expectTrpcError(
      save({ tiers: [{ minQuantity: 1, price: 4990 }] }),
      'BAD_REQUEST',
      /2 darabtól adható meg/,
    );
    await expectTrpcError(
      save({ tiers: [{ minQuantity: 5, price: -1 }] }),
      'BAD_REQUEST',
      /Az ár nem lehet negatív/,
    );
    await expectTrpcError(
      save({ groupPrices: [{ groupId: 999_999, price: 4000 }] }),
      'BAD_REQUEST',
      /Nincs 999999 azonosítójú vevőcsoport/,
    );
    await expectTrpcError(
      save({
        groupPrices: [
          { groupId, price: 4000 },
          { groupId, price: 3900 },
        ],
      }),
      'BAD_REQUEST',
      /Egy vevőcsoporthoz csak egy ár tartozhat/,
    );
  });
});
