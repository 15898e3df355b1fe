import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createAdmin, type SignedIn } from './factories';

let db: Database;
let admin: SignedIn;
const methods = { gls: 0, foxpost: 0, mpl: 0 };

let nextCode = 1;
async function product(title: string, price: number): Promise<number> {
  const saved = await admin.caller.product.update({
    kutiId: `SZE-${nextCode++}`,
    price,
    stock: 50,
    enabled: true,
    descriptions: [{ language: 'hu', title }],
  });
  return saved.id;
}

/** The product page's shipping and the cart's estimate for `quantity` pieces, as a visitor reads them. */
async function bothFor(id: number, quantity: number) {
  const visitor = await callerFor(db.prisma);
  const page = await visitor.product.byId({ id });
  const cart = await visitor.cart.price({ cart: [{ product: id, quantity }] });
  return { page: page.shipping, cart: cart.shipping };
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await createAdmin(db.prisma);
  // The demo shop's methods, in its order: the courier first, the cheaper locker and post after it.
  const create = admin.caller.checkout.shippingCreate;
  methods.gls = (await create({ name: 'GLS házhozszállítás', fee: 1990, freeAbove: 20_000 })).id;
  methods.foxpost = (
    await create({ name: 'Foxpost csomagautomata', fee: 1290, pickupCarrier: 'foxpost' })
  ).id;
  methods.mpl = (await create({ name: 'MPL postai kézbesítés', fee: 1690 })).id;
  await create({ name: 'Személyes átvétel', fee: 0, needsAddress: false });
});
afterAll(() => db?.close());

describe('one shipping estimate for the product page, the cart and the checkout', () => {
  it('names the same method and fee on the product page and in the cart of that one piece, and the cart tells its id for the checkout', async () => {
    const id = await product('Becsült bögre', 4490);
    const { page, cart } = await bothFor(id, 1);
    expect(page).toMatchObject({ method: 'Foxpost csomagautomata', fee: 1290, freeAbove: 20_000 });
    expect(cart).toEqual({
      methodId: methods.foxpost,
      name: 'Foxpost csomagautomata',
      // A pickup point method: the cart tells the shopper a point is chosen at the checkout.
      pickupCarrier: 'foxpost',
      fee: 1290,
      freeAbove: 20_000,
      remainingForFree: 20_000 - 4490,
    });
  });

  it('moves to the method that ships free once the total reaches its threshold, on both', async () => {
    const id = await product('Drága kancsó', 24_990);
    const { page, cart } = await bothFor(id, 1);
    expect(page).toMatchObject({ method: 'GLS házhozszállítás', fee: 0 });
    expect(cart).toMatchObject({
      methodId: methods.gls,
      name: 'GLS házhozszállítás',
      pickupCarrier: null,
      fee: 0,
      remainingForFree: 0,
    });
    // Five cheaper pieces reach the same threshold in the cart: the estimate follows the subtotal.
    const mug = await product('Olcsó bögre', 4490);
    expect((await bothFor(mug, 5)).cart).toMatchObject({ methodId: methods.gls, fee: 0 });
  });

  it('takes the earlier method of the shop on a tie, and follows a disabled method at once', async () => {
    const id = await product('Döntetlen tál', 2990);
    await admin.caller.checkout.shippingUpdate({ id: methods.mpl, fee: 1290 });
    await admin.caller.checkout.shippingUpdate({ id: methods.foxpost, enabled: false });
    try {
      const { page, cart } = await bothFor(id, 1);
      expect(page).toMatchObject({ method: 'MPL postai kézbesítés', fee: 1290 });
      expect(cart).toMatchObject({ methodId: methods.mpl, fee: 1290 });
      await admin.caller.checkout.shippingUpdate({ id: methods.foxpost, enabled: true });
      // Foxpost comes before MPL in the shop's order: at the same fee, it is the estimate.
      expect((await bothFor(id, 1)).cart).toMatchObject({ methodId: methods.foxpost, fee: 1290 });
      expect((await bothFor(id, 1)).page).toMatchObject({ method: 'Foxpost csomagautomata' });
    } finally {
      await admin.caller.checkout.shippingUpdate({ id: methods.mpl, fee: 1690 });
      await admin.caller.checkout.shippingUpdate({ id: methods.foxpost, enabled: true });
    }
  });
});
