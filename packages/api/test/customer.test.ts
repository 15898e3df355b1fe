import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/errors';
import { GROUP_NAME_TAKEN_MESSAGE } from '../src/services/customer-group';
import { createOrder } from './account-fixtures';
import { createAdmin, createCustomer, createUser, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';

let db: Database;
let admin: SignedIn;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await createAdmin(db.prisma);
});
afterAll(() => db?.close());

describe('customer groups', () => {
  it('creates, lists, reads, updates and deletes a group with its discount', async () => {
    const created = await admin.caller.customer.groupCreate({ name: 'Törzsvásárló', discountPercent: 5 });
    expect(created).toMatchObject({ name: 'Törzsvásárló', discountPercent: 5, memberCount: 0 });
    const member = await createUser(db.prisma);
    await admin.caller.user.changeGroup({ userId: member.id, groupId: created.id });

    expect(await admin.caller.customer.groupById({ id: created.id })).toMatchObject({ memberCount: 1 });
    const updated = await admin.caller.customer.groupUpdate({ id: created.id, discountPercent: 8 });
    expect(updated).toMatchObject({ name: 'Törzsvásárló', discountPercent: 8 });
    expect((await admin.caller.customer.groupList()).items.map((group) => group.name)).toContain(
      'Törzsvásárló',
    );

    expect(await admin.caller.customer.groupDelete({ id: created.id })).toEqual({ ok: true });
    await expectTrpcError(
      admin.caller.customer.groupById({ id: created.id }),
      'NOT_FOUND',
      MESSAGES.notFound,
    );
    expect((await admin.caller.user.byId({ id: member.id })).group).toBeNull();
  });

  it('keeps the discount between 0 and 100 and names unique, in Hungarian', async () => {
    await expectTrpcError(
      admin.caller.customer.groupCreate({ name: 'Túl sok', discountPercent: 101 }),
      'BAD_REQUEST',
      'Hibás adat: discountPercent – A kedvezmény legfeljebb 100% lehet.',
    );
    await expectTrpcError(
      admin.caller.customer.groupCreate({ name: 'Negatív', discountPercent: -1 }),
      'BAD_REQUEST',
      'Hibás adat: discountPercent – A kedvezmény legalább 0% lehet.',
    );
    await expectTrpcError(
      admin.caller.customer.groupCreate({ name: ' ', discountPercent: 1 }),
      'BAD_REQUEST',
      'Hibás adat: name – A csoport neve kötelező.',
    );
    const first = await admin.caller.customer.groupCreate({ name: 'Viszonteladó', discountPercent: 15 });
    await expectTrpcError(
      admin.caller.customer.groupCreate({ name: 'viszonteladó', discountPercent: 10 }),
      'CONFLICT',
      GROUP_NAME_TAKEN_MESSAGE,
    );
    const second = await admin.caller.customer.groupCreate({ name: 'Nagyker', discountPercent: 20 });
    await expectTrpcError(
      admin.caller.customer.groupUpdate({ id: second.id, name: 'VISZONTELADÓ' }),
      'CONFLICT',
      GROUP_NAME_TAKEN_MESSAGE,
    );
    // Renaming a group to its own name in another case is no conflict.
    expect((await admin.caller.customer.groupUpdate({ id: first.id, name: 'VISZONTELADÓ' })).name).toBe(
      'VISZONTELADÓ',
    );
    await expectTrpcError(admin.caller.customer.groupUpdate({ id: 99_999, name: 'Senki' }), 'NOT_FOUND');
    await expectTrpcError(admin.caller.customer.groupDelete({ id: 99_999 }), 'NOT_FOUND');
  });
});

describe('customer list and detail', () => {
  it('lists customers only, with filters, paging and order statistics', async () => {
    const group = await admin.caller.customer.groupCreate({ name: 'Lista csoport', discountPercent: 3 });
    const buyer = await createUser(db.prisma, 'customer', {
      email: 'vevo@lista.hu',
      firstName: 'Béla',
      lastName: 'Vevő',
    });
    const browser = await createUser(db.prisma, 'customer', {
      email: 'nezelodo@lista.hu',
      firstName: 'Ádám',
      lastName: 'Nézelődő',
    });
    await db.prisma.user.update({ where: { id: buyer.id }, data: { groupId: group.id, newsletter: true } });
    await createOrder(db.prisma, buyer.id, { grandTotal: 10_000 });
    await createOrder(db.prisma, buyer.id, { grandTotal: 2_500 });
    await createOrder(db.prisma, buyer.id, { grandTotal: 99_000, status: 'cancelled' });
    await createOrder(db.prisma, browser.id, { grandTotal: 4_000, status: 'refunded' });

    const all = await admin.caller.customer.list({ search: 'lista.hu' });
    expect(all.total).toBe(2);
    const buyerRow = all.items.find((item) => item.id === buyer.id);
    expect(buyerRow).toMatchObject({
      email: 'vevo@lista.hu',
      group: { id: group.id, name: 'Lista csoport' },
      newsletter: true,
      orderCount: 2,
      totalSpent: 12_500,
    });
    expect(buyerRow?.lastOrderAt).not.toBeNull();
    expect(all.items.find((item) => item.id === browser.id)).toMatchObject({ orderCount: 0, totalSpent: 0 });

    expect((await admin.caller.customer.list({ groupId: group.id })).items.map((item) => item.id)).toEqual([
      buyer.id,
    ]);
    expect(
      (await admin.caller.customer.list({ search: 'lista.hu', hasOrders: true })).items.map((i) => i.id),
    ).toEqual([buyer.id]);
    expect(
      (await admin.caller.customer.list({ search: 'lista.hu', hasOrders: false })).items.map((i) => i.id),
    ).toEqual([browser.id]);
    expect((await admin.caller.customer.list({ search: 'lista.hu', newsletter: true })).total).toBe(1);
    const paged = await admin.caller.customer.list({
      search: 'lista.hu',
      pageSize: 1,
      sort: 'orderCount',
      order: 'desc',
    });
    expect(paged).toMatchObject({ total: 2, pageSize: 1, page: 1 });
    expect(paged.items.map((item) => item.id)).toEqual([buyer.id]);
    expect((await admin.caller.customer.list()).items.map((item) => item.id)).not.toContain(admin.id);
  });

  it('sorts by the order count it shows: cancelled and refunded orders do not count', async () => {
    const steady = await createUser(db.prisma, 'customer', { email: 'allando@rendezes.hu' });
    const canceller = await createUser(db.prisma, 'customer', { email: 'lemondo@rendezes.hu' });
    const none = await createUser(db.prisma, 'customer', { email: 'semmi@rendezes.hu' });
    await createOrder(db.prisma, steady.id);
    await createOrder(db.prisma, steady.id, { status: 'completed' });
    for (const status of ['cancelled', 'cancelled', 'refunded'] as const) {
      await createOrder(db.prisma, canceller.id, { status });
    }
    await createOrder(db.prisma, canceller.id);

    const desc = await admin.caller.customer.list({
      search: 'rendezes.hu',
      sort: 'orderCount',
      order: 'desc',
    });
    expect(desc.items.map((item) => [item.id, item.orderCount])).toEqual([
      [steady.id, 2],
      [canceller.id, 1],
      [none.id, 0],
    ]);
    const secondPage = await admin.caller.customer.list({
      search: 'rendezes.hu',
      sort: 'orderCount',
      order: 'asc',
      pageSize: 2,
      page: 2,
    });
    expect(secondPage).toMatchObject({ total: 3, page: 2 });
    expect(secondPage.items.map((item) => item.id)).toEqual([steady.id]);
  });

  it('shows one customer with addresses, order count and spend; 404 for a missing one', async () => {
    const customer = await createCustomer(db.prisma);
    await customer.caller.user.addressCreate({
      type: 'shipping',
      name: 'Otthon',
      postcode: '4025',
      city: 'Debrecen',
      street: 'Piac utca 40.',
    });
    await createOrder(db.prisma, customer.id, { grandTotal: 7_990 });
    const detail = await admin.caller.customer.byId({ id: customer.id });
    expect(detail).toMatchObject({
      id: customer.id,
      email: customer.email,
      orderCount: 1,
      totalSpent: 7_990,
    });
    expect(detail.addresses.map((address) => address.city)).toEqual(['Debrecen']);
    expect(JSON.stringify(detail)).not.toMatch(/passwordHash|argon2/);
    await expectTrpcError(admin.caller.customer.byId({ id: 99_999 }), 'NOT_FOUND', MESSAGES.notFound);
  });

  it('is closed to customers (403) even for their own record', async () => {
    const customer = await createCustomer(db.prisma);
    await expectTrpcError(customer.caller.customer.byId({ id: customer.id }), 'FORBIDDEN');
    await expectTrpcError(customer.caller.user.byId({ id: customer.id }), 'FORBIDDEN');
    await expectTrpcError(customer.caller.user.delete({ id: customer.id }), 'FORBIDDEN');
    await expectTrpcError(customer.caller.user.update({ id: customer.id, role: 'admin' }), 'FORBIDDEN');
  });
});
