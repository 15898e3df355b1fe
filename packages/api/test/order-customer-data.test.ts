import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApiScope } from '../src/schemas';
import { type Caller, callerFor, createAdmin, createUser, type SignedIn, signIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

/**
 * The warehouse packs and ships but sees no customer data beyond the delivery address (#28): a staff
 * role without customers:read gets the order without the customer's e-mail, phone and billing address,
 * on every answer that carries them. API keys keep what their order scopes gave since 1.0.0.
 */
let db: Database;
let shop: Shop;
let owner: SignedIn;
let warehouse: Caller;
let orderId: number;

const EMAIL = 'titkos.vevo@example.hu';
const PHONE = '+36 30 765 4321';
const BILLING_STREET = 'Számlázó köz 7.';
const COMPANY = 'Titok Kft.';
const SHIPPING = { name: 'Kovács Anna', postcode: '1137', city: 'Budapest', street: 'Pozsonyi út 23.' };

/** None of the customer's data is anywhere in the answer, however deep (audit entries included). */
function expectNoCustomerData(answer: unknown) {
  const json = JSON.stringify(answer);
  for (const secret of [EMAIL, PHONE, BILLING_STREET, COMPANY]) expect(json).not.toContain(secret);
}

async function staffWith(permissions: string[] | 'warehouse'): Promise<Caller> {
  const member = await createUser(db.prisma, 'admin');
  const role =
    permissions === 'warehouse'
      ? await db.prisma.staffRole.findUniqueOrThrow({ where: { builtIn: 'warehouse' } })
      : await db.prisma.staffRole.create({
          data: { name: `Szerep ${member.id}`, permissions },
        });
  await db.prisma.user.update({ where: { id: member.id }, data: { staffRoleId: role.id } });
  return callerFor(db.prisma, { token: await signIn(db.prisma, member) });
}

async function keyWith(scopes: TApiScope[]): Promise<Caller> {
  const created = await owner.caller.apikey.create({ name: `Kulcs ${scopes.join('+')}`, scopes });
  return callerFor(db.prisma, { token: created.key });
}

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  owner = await createAdmin(db.prisma);
  warehouse = await staffWith('warehouse');
  const guest = await callerFor(db.prisma);
  const placed = await guest.cart.order(
    orderInput(shop, {
      cart: [{ product: shop.products.mug, quantity: 1 }],
      customer: { email: EMAIL, firstName: 'Anna', lastName: 'Kovács', phone: PHONE },
      shippingAddress: SHIPPING,
      billingAddress: {
        name: 'Kovács Anna',
        companyName: COMPANY,
        postcode: '1111',
        city: 'Budapest',
        street: BILLING_STREET,
      },
    }),
  );
  orderId = placed.order.id;
  // The trail repeats the billing address it corrected: the warehouse must not read it there either.
  await owner.caller.order.correctAddress({
    id: orderId,
    billingAddress: {
      name: 'Kovács Anna',
      companyName: COMPANY,
      postcode: '1111',
      city: 'Budapest',
      street: `${BILLING_STREET} fszt.`,
    },
  });
});
afterAll(() => db?.close());

describe('an order answered to whoever lacks customers:read', () => {
  it('gives the warehouse the order page without e-mail, phone and billing address, but with the delivery', async () => {
    const detail = await warehouse.order.adminById({ id: orderId });
    expectNoCustomerData(detail);
    expect(detail.order.customer).toEqual({ firstName: 'Anna', lastName: 'Kovács' });
    expect(detail.order).not.toHaveProperty('billingAddress');
    expect(detail.order.shippingAddress).toEqual({ ...SHIPPING, floorDoor: null });
    expect(detail.order.lines).toHaveLength(1);
    const correction = detail.audit.find((entry) => entry.action === 'address');
    expect(correction?.detail).toEqual({});
  });

  it('gives the owner the same order page whole, as before', async () => {
    const detail = await owner.caller.order.adminById({ id: orderId });
    expect(detail.order.customer).toEqual({
      email: EMAIL,
      firstName: 'Anna',
      lastName: 'Kovács',
      phone: PHONE,
    });
    expect(detail.order.billingAddress).toMatchObject({
      companyName: COMPANY,
      street: `${BILLING_STREET} fszt.`,
    });
    expect(JSON.stringify(detail.audit)).toContain(BILLING_STREET);
  });

  it('lists the order to the warehouse with the name and without the e-mail', async () => {
    const listed = await warehouse.order.list({ page: 1, pageSize: 25 });
    const row = listed.items.find((item) => item.id === orderId);
    expect(row).toMatchObject({ name: 'Kovács Anna' });
    expect(row).not.toHaveProperty('email');
    const full = await owner.caller.order.list({ page: 1, pageSize: 25 });
    expect(full.items.find((item) => item.id === orderId)?.email).toBe(EMAIL);
  });

  it('trims what a status change, the packing slips and the change feed answer', async () => {
    expectNoCustomerData(await warehouse.order.setStatus({ id: orderId, status: 'processing' }));
    expectNoCustomerData(await warehouse.order.print({ ids: [orderId] }));
    const feed = await warehouse.order.changes({});
    expect(feed.items.map((order) => order.id)).toContain(orderId);
    expectNoCustomerData(feed);
  });

  it('leaves the customer columns out of the CSV download', async () => {
    const csv = await warehouse.order.download({});
    expectNoCustomerData(csv);
    expect(csv.content).not.toContain('E-mail-cím');
    expect(csv.content).toContain('Szállítási cím');
    expect((await owner.caller.order.download({})).content).toContain(EMAIL);
  });

  it('refuses the buyer’s whole order (GET /api/order/{id}) with 403 naming customers:read', async () => {
    await expectTrpcError(
      warehouse.order.byId({ id: orderId }),
      'FORBIDDEN',
      'Ehhez a művelethez nincs jogosultságod (szükséges: „Vásárlók olvasása”, customers:read).',
    );
    expect((await owner.caller.order.byId({ id: orderId })).customer.email).toBe(EMAIL);
  });

  it('keeps an API key’s order answers as they were since 1.0.0: its order scopes carry the buyer’s contact', async () => {
    const erp = await keyWith(['orders:read']);
    expect((await erp.order.adminById({ id: orderId })).order.customer.email).toBe(EMAIL);
    expect(
      (await erp.order.list({ page: 1, pageSize: 25 })).items.find((item) => item.id === orderId)?.email,
    ).toBe(EMAIL);
    expect((await erp.order.byId({ id: orderId })).billingAddress.companyName).toBe(COMPANY);
    expect(JSON.stringify(await erp.order.changes({}))).toContain(EMAIL);
  });

  it('searches the warehouse’s order list by number and name, never by e-mail or billing name', async () => {
    const guest = await callerFor(db.prisma);
    const billedToAnother = await guest.cart.order(
      orderInput(shop, {
        cart: [{ product: shop.products.mug, quantity: 1 }],
        customer: { email: EMAIL, firstName: 'Anna', lastName: 'Kovács', phone: PHONE },
        shippingAddress: SHIPPING,
        billingAddress: {
          name: 'Számla Szilárd',
          postcode: '1111',
          city: 'Budapest',
          street: BILLING_STREET,
        },
      }),
    );
    const found = async (caller: Caller, search: string) =>
      (await caller.order.list({ page: 1, pageSize: 25, search })).items.map((item) => item.id);
    const downloaded = async (caller: Caller, search: string) =>
      (await caller.order.download({ search })).content.trimEnd().split('\r\n').length - 1;

    expect(await found(warehouse, 'titkos.vevo')).toEqual([]);
    expect(await found(warehouse, 'example.hu')).toEqual([]);
    expect(await found(warehouse, 'szilard')).toEqual([]);
    expect(await downloaded(warehouse, 'titkos.vevo')).toBe(0);
    expect(await found(warehouse, 'kovacs anna')).toEqual(
      expect.arrayContaining([orderId, billedToAnother.order.id]),
    );
    expect(await found(warehouse, billedToAnother.order.number)).toEqual([billedToAnother.order.id]);

    expect(await found(owner.caller, 'titkos.vevo')).toEqual(
      expect.arrayContaining([orderId, billedToAnother.order.id]),
    );
    expect(await found(owner.caller, 'szilard')).toEqual([billedToAnother.order.id]);
    expect(await downloaded(owner.caller, 'titkos.vevo')).toBe(2);
    const erp = await keyWith(['orders:read']);
    expect(await found(erp, 'szilard')).toEqual([billedToAnother.order.id]);
  });

  it('shows a staff role with customers:read everything', async () => {
    const service = await staffWith(['orders:read', 'customers:read']);
    expect((await service.order.adminById({ id: orderId })).order.customer.phone).toBe(PHONE);
  });
});
