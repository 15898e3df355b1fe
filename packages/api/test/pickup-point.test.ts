import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPickupPoints, loadFeed, runPickupFeedsOnce } from '../src/services/pickup-points';
import { type Caller, callerFor, createAdmin, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

let db: Database;
let guest: Caller;
let admin: SignedIn;
let shop: Shop;

beforeAll(async () => {
  db = await createTestDatabase();
  await runPickupFeedsOnce({ prisma: db.prisma, settings: { source: 'sample' } });
  guest = await callerFor(db.prisma);
  admin = await createAdmin(db.prisma);
  shop = await createShop(db.prisma);
});
afterAll(async () => {
  await db?.close();
});

describe('POST /api/pickup-point/search', () => {
  it('finds the points of a postcode by its first digits, in postcode order', async () => {
    const { items } = await guest.pickupPoint.search({ carrier: 'foxpost', query: '1117' });
    expect(items.map((point) => point.id)).toEqual(['hu1369', 'hu1356', '574618']);
    expect(items[1]).toEqual({
      carrier: 'foxpost',
      id: 'hu1356',
      kind: 'FOXPOST A-BOX',
      name: 'FOXPOST A-BOX Budapest Újbuda Október huszonharmadika utca',
      address: { postcode: '1117', city: 'Budapest', street: 'Október huszonharmadika utca 8.' },
      hours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: '00:00', close: '24:00' })),
      findMe: 'Az egyetemi kollégium melletti üzletsor végén.',
      lat: 47.4705,
      lng: 19.0496,
    });
    const district = await guest.pickupPoint.search({ carrier: 'foxpost', query: '111' });
    expect(district.items.map((point) => point.address.postcode)).toEqual([
      '1114',
      '1115',
      '1117',
      '1117',
      '1117',
    ]);
  });

  it('matches every word in name, city or street whatever the accents and case', async () => {
    const ujpest = await guest.pickupPoint.search({ carrier: 'foxpost', query: 'ujpest' });
    expect(ujpest.items.map((point) => point.name)).toEqual([
      'FOXPOST A-BOX Budapest Újpest Árpád út',
      'FOXPOST Z-BOX Budapest Újpest Központ metró',
    ]);
    const both = await guest.pickupPoint.search({ carrier: 'foxpost', query: 'ÚJPEST arpad' });
    expect(both.items.map((point) => point.id)).toEqual(['hu1239']);
    const city = await guest.pickupPoint.search({ query: 'pecs' });
    expect(new Set(city.items.map((point) => point.address.city))).toEqual(new Set(['Pécs']));
    expect(city.items.map((point) => point.carrier).sort()).toEqual(['foxpost', 'foxpost', 'gls', 'mpl']);
    expect((await guest.pickupPoint.search({ query: 'nincs ilyen hely' })).items).toEqual([]);
  });

  it('answers the nearest points first with their distance in metres', async () => {
    // The Gellért Hill side of Újbuda, a few hundred metres from Bartók Béla út.
    const near = { lat: 47.4792, lng: 19.0453 };
    const { items } = await guest.pickupPoint.search({ carrier: 'foxpost', near, limit: 3 });
    expect(items.map((point) => point.id)).toEqual(['hu1343', 'hu1356', '574618']);
    const distances = items.map((point) => point.distance!);
    expect(distances[0]).toBeGreaterThan(100);
    expect(distances[0]).toBeLessThan(300);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    // With a query, near orders the matches.
    const debrecen = await guest.pickupPoint.search({
      query: 'debrecen',
      near: { lat: 47.553, lng: 21.622 },
    });
    expect(debrecen.items[0]?.id).toBe('hu1577');
  });

  it('filters by carrier and never offers a closed point', async () => {
    const gls = await guest.pickupPoint.search({ carrier: 'gls', limit: 50 });
    expect(gls.items).toHaveLength(12);
    expect(gls.items.every((point) => point.carrier === 'gls')).toBe(true);
    const nyugati = await guest.pickupPoint.search({ carrier: 'foxpost', query: 'nyugati' });
    expect(nyugati.items).toEqual([]);
    const packeta = await guest.pickupPoint.search({ carrier: 'packeta', limit: 50 });
    expect(packeta.items.map((point) => point.id)).not.toContain('22398');
  });

  it('answers 20 points by default and at most 50', async () => {
    expect((await guest.pickupPoint.search({})).items).toHaveLength(20);
    expect((await guest.pickupPoint.search({ limit: 50 })).items).toHaveLength(50);
    await expectTrpcError(guest.pickupPoint.search({ limit: 51 }), 'BAD_REQUEST', /limit.*1 és 50/);
    await expectTrpcError(guest.pickupPoint.search({ limit: 0 }), 'BAD_REQUEST', /limit/);
  });

  it('refuses bad input in Hungarian, naming the field', async () => {
    await expectTrpcError(
      guest.pickupPoint.search({ near: { lat: 91, lng: 19 } }),
      'BAD_REQUEST',
      /near\.lat.*−90 és 90/,
    );
    await expectTrpcError(
      guest.pickupPoint.search({ near: { lat: 47, lng: -181 } }),
      'BAD_REQUEST',
      /near\.lng.*−180 és 180/,
    );
    await expectTrpcError(
      guest.pickupPoint.search({ carrier: 'dhl' as 'gls' }),
      'BAD_REQUEST',
      /foxpost, packeta, gls vagy mpl/,
    );
    await expectTrpcError(
      guest.pickupPoint.search({ query: 'x'.repeat(101) }),
      'BAD_REQUEST',
      /legfeljebb 100 karakter/,
    );
    await expectTrpcError(guest.pickupPoint.search({ zip: '1117' } as never), 'BAD_REQUEST', /zip/);
  });
});

describe('an order to a pickup point', () => {
  let foxpostMethod: number;
  let glsMethod: number;
  const cart = () => [{ product: shop.products.mug, quantity: 1 }];
  const lockerOrder = (pickupPoint: unknown, overrides: Record<string, unknown> = {}) =>
    orderInput(shop, {
      cart: cart(),
      shippingMethod: foxpostMethod,
      shippingAddress: null,
      pickupPoint: pickupPoint as never,
      ...overrides,
    });

  beforeAll(async () => {
    const created = await admin.caller.checkout.shippingCreate({
      name: 'Foxpost csomagautomata',
      fee: 1190,
      needsAddress: true,
      pickupCarrier: 'foxpost',
      deliveryTime: '1–3 munkanap',
    });
    // A pickup point method never asks for an address, whatever the form said.
    expect(created).toMatchObject({ pickupCarrier: 'foxpost', needsAddress: false });
    foxpostMethod = created.id;
    glsMethod = (
      await admin.caller.checkout.shippingCreate({ name: 'GLS CsomagPont', fee: 990, pickupCarrier: 'gls' })
    ).id;
    expect(
      (await guest.checkout.shippingList()).items.find((method) => method.id === glsMethod),
    ).toMatchObject({
      pickupCarrier: 'gls',
      needsAddress: false,
    });
  });

  it('stores the point as the shop knows it, and the order and its e-mail show it', async () => {
    const { order, accessKey } = await guest.cart.order(lockerOrder({ carrier: 'foxpost', id: 'hu1356' }));
    const snapshot = {
      carrier: 'foxpost',
      id: 'hu1356',
      kind: 'FOXPOST A-BOX',
      name: 'FOXPOST A-BOX Budapest Újbuda Október huszonharmadika utca',
      postcode: '1117',
      city: 'Budapest',
      street: 'Október huszonharmadika utca 8.',
      lat: 47.4705,
      lng: 19.0496,
    };
    expect(order.pickupPoint).toEqual(snapshot);
    expect(order.shippingAddress).toBeNull();
    expect(order.shippingMethod).toMatchObject({ name: 'Foxpost csomagautomata', fee: 1190 });
    const stored = await db.prisma.order.findUniqueOrThrow({
      where: { id: order.id },
      select: { pickupPoint: true },
    });
    expect(stored.pickupPoint).toEqual(snapshot);
    expect((await guest.order.byId({ id: order.id, key: accessKey! })).pickupPoint).toEqual(snapshot);

    const mail = await db.prisma.emailOutbox.findFirstOrThrow({
      where: { templateKey: 'order_confirmation', subject: { contains: order.number } },
    });
    expect(mail.text).toContain(
      'Átvételi pont (Foxpost): FOXPOST A-BOX Budapest Újbuda Október huszonharmadika utca, 1117 Budapest, Október huszonharmadika utca 8.',
    );
  });

  it('keeps the snapshot when the point later closes or changes', async () => {
    const { order, accessKey } = await guest.cart.order(lockerOrder({ carrier: 'foxpost', id: 'hu1343' }));
    const feed = await loadFeed({ source: 'sample' }, 'foxpost');
    await importPickupPoints(
      { prisma: db.prisma },
      'foxpost',
      feed.filter((point) => point.externalId !== 'hu1343'),
    );
    const read = await guest.order.byId({ id: order.id, key: accessKey! });
    expect(read.pickupPoint).toMatchObject({
      id: 'hu1343',
      name: 'FOXPOST A-BOX Budapest Újbuda Bartók Béla út',
    });
    // The closed point is refused to the next shopper, with a conflict they can act on.
    await expectTrpcError(
      guest.cart.order(lockerOrder({ carrier: 'foxpost', id: 'hu1343' })),
      'CONFLICT',
      /megszűnt.*válassz másikat/,
    );
    await importPickupPoints({ prisma: db.prisma }, 'foxpost', feed);
  });

  it('refuses an order without a point, with a point of another carrier or an unknown point', async () => {
    await expectTrpcError(
      guest.cart.order(lockerOrder(undefined)),
      'BAD_REQUEST',
      /pickupPoint.*Válassz Foxpost csomagpontot/,
    );
    await expectTrpcError(
      guest.cart.order(lockerOrder({ carrier: 'gls', id: '1117-CSOMAGPONT02' })),
      'BAD_REQUEST',
      /pickupPoint\.carrier.*Foxpost csomagpontot kell választani/,
    );
    await expectTrpcError(
      guest.cart.order(lockerOrder({ carrier: 'foxpost', id: 'hu0000' })),
      'BAD_REQUEST',
      /pickupPoint\.id.*Nincs ilyen Foxpost csomagpont/,
    );
    // The Nyugati tér locker is in Foxpost's list with a closing date.
    await expectTrpcError(
      guest.cart.order(lockerOrder({ carrier: 'foxpost', id: 'hu1999' })),
      'CONFLICT',
      /megszűnt/,
    );
    await expectTrpcError(
      guest.cart.order(lockerOrder({ carrier: 'foxpost', id: 'hu1356', name: 'Hamis pont' })),
      'BAD_REQUEST',
      /name/,
    );
  });

  it('refuses a point on a method that delivers to an address', async () => {
    await expectTrpcError(
      guest.cart.order(orderInput(shop, { cart: cart(), pickupPoint: { carrier: 'foxpost', id: 'hu1356' } })),
      'BAD_REQUEST',
      /pickupPoint.*GLS futár.*nem kell csomagpont/,
    );
    const { order } = await guest.cart.order(orderInput(shop, { cart: cart(), pickupPoint: null }));
    expect(order.pickupPoint).toBeNull();
  });

  it('takes a GLS point for the GLS method', async () => {
    const { order } = await guest.cart.order(
      lockerOrder({ carrier: 'gls', id: '1117-CSOMAGAUTOMATA01' }, { shippingMethod: glsMethod }),
    );
    expect(order.pickupPoint).toMatchObject({ carrier: 'gls', kind: 'GLS Csomagautomata', postcode: '1117' });
  });
});
