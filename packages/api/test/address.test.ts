import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/errors';
import type { TAddressCreateInput } from '../src/schemas';
import { type Caller, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';

let db: Database;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.close());

const shipping = (name: string): TAddressCreateInput => ({
  type: 'shipping',
  name,
  postcode: '1137',
  city: 'Budapest',
  street: 'Pozsonyi út 23.',
  floorDoor: '2. emelet 5.',
  phone: '06 30 123 4567',
});

const billing = (name: string): TAddressCreateInput => ({
  type: 'billing',
  name,
  postcode: '9021',
  city: 'Győr',
  street: 'Baross Gábor út 15.',
  companyName: 'Szabó és Társa Bt.',
  taxNumber: '87654323-1-08',
});

async function defaults(caller: Caller) {
  const list = (await caller.user.addressList()).items;
  return {
    shipping: list.filter((a) => a.type === 'shipping' && a.isDefault).map((a) => a.name),
    billing: list.filter((a) => a.type === 'billing' && a.isDefault).map((a) => a.name),
  };
}

describe('own addresses', () => {
  let customer: SignedIn;
  beforeAll(async () => {
    customer = await createCustomer(db.prisma);
  });

  it('creates addresses; the first of each type becomes its default', async () => {
    const home = await customer.caller.user.addressCreate(shipping('Otthon'));
    expect(home).toMatchObject({
      type: 'shipping',
      name: 'Otthon',
      postcode: '1137',
      phone: '+36 30 123 4567',
      companyName: null,
      taxNumber: null,
      isDefault: true,
    });
    expect((await customer.caller.user.addressCreate(shipping('Iroda'))).isDefault).toBe(false);
    expect((await customer.caller.user.addressCreate(billing('Cég'))).isDefault).toBe(true);
    expect(await defaults(customer.caller)).toEqual({ shipping: ['Otthon'], billing: ['Cég'] });
    expect((await customer.caller.user.addressList()).items.map((a) => a.name)).toEqual([
      'Otthon',
      'Iroda',
      'Cég',
    ]);
  });

  it('keeps one default per type: a new default takes the mark, the other type is untouched', async () => {
    await customer.caller.user.addressCreate({ ...shipping('Nyaraló'), isDefault: true });
    expect(await defaults(customer.caller)).toEqual({ shipping: ['Nyaraló'], billing: ['Cég'] });
    const office = (await customer.caller.user.addressList()).items.find((a) => a.name === 'Iroda');
    await customer.caller.user.addressUpdate({ id: office?.id ?? 0, isDefault: true });
    expect(await defaults(customer.caller)).toEqual({ shipping: ['Iroda'], billing: ['Cég'] });
  });

  it('updates the given fields only, and clears optional ones with an empty text', async () => {
    const office = (await customer.caller.user.addressList()).items.find((a) => a.name === 'Iroda');
    const updated = await customer.caller.user.addressUpdate({
      id: office?.id ?? 0,
      city: 'Szeged',
      floorDoor: '',
    });
    expect(updated).toMatchObject({
      name: 'Iroda',
      city: 'Szeged',
      postcode: '1137',
      floorDoor: null,
      isDefault: true,
    });
  });

  it('passes the default on when the default is deleted or moved to the other type', async () => {
    const before = (await customer.caller.user.addressList()).items;
    const office = before.find((a) => a.name === 'Iroda');
    expect(await customer.caller.user.addressDelete({ id: office?.id ?? 0 })).toEqual({ ok: true });
    const afterDelete = await defaults(customer.caller);
    expect(afterDelete.shipping).toHaveLength(1);
    expect(afterDelete.billing).toEqual(['Cég']);

    const shippingDefault = (await customer.caller.user.addressList()).items.find(
      (a) => a.type === 'shipping' && a.isDefault,
    );
    await customer.caller.user.addressUpdate({ id: shippingDefault?.id ?? 0, type: 'billing' });
    const afterMove = await defaults(customer.caller);
    expect(afterMove.shipping).toHaveLength(1);
    expect(afterMove.billing).toEqual(['Cég']);
  });

  it('validates postcode, tax number and required fields in Hungarian', async () => {
    await expectTrpcError(
      customer.caller.user.addressCreate({ ...shipping('Rossz'), postcode: '123' }),
      'BAD_REQUEST',
      'Hibás adat: postcode – Az irányítószám 4 számjegyből áll.',
    );
    await expectTrpcError(
      customer.caller.user.addressCreate({ ...billing('Rossz'), taxNumber: '12345678-1-12' }),
      'BAD_REQUEST',
      'Hibás adat: taxNumber – Az adószám ellenőrző számjegye hibás.',
    );
    await expectTrpcError(
      customer.caller.user.addressCreate({ ...shipping('Rossz'), street: '  ' }),
      'BAD_REQUEST',
      'Hibás adat: street – Az utca, házszám kötelező.',
    );
    await expectTrpcError(
      customer.caller.user.addressCreate({ ...shipping('Rossz'), type: 'home' as 'shipping' }),
      'BAD_REQUEST',
      /^Hibás adat: type – /,
    );
  });
});

describe('another customer’s address', () => {
  it('cannot be read, changed or deleted, and answers exactly like a missing one (404)', async () => {
    const owner = await createCustomer(db.prisma);
    const intruder = await createCustomer(db.prisma);
    const address = await owner.caller.user.addressCreate(shipping('Titkos'));
    const missingId = address.id + 10_000;

    expect((await intruder.caller.user.addressList()).items).toEqual([]);
    const foreignUpdate = await expectTrpcError(
      intruder.caller.user.addressUpdate({ id: address.id, city: 'Debrecen' }),
      'NOT_FOUND',
      MESSAGES.notFound,
    );
    const missingUpdate = await expectTrpcError(
      intruder.caller.user.addressUpdate({ id: missingId, city: 'Debrecen' }),
      'NOT_FOUND',
    );
    expect(foreignUpdate.message).toBe(missingUpdate.message);
    const foreignDelete = await expectTrpcError(
      intruder.caller.user.addressDelete({ id: address.id }),
      'NOT_FOUND',
    );
    const missingDelete = await expectTrpcError(
      intruder.caller.user.addressDelete({ id: missingId }),
      'NOT_FOUND',
    );
    expect(foreignDelete.message).toBe(missingDelete.message);

    expect((await owner.caller.user.addressList()).items).toEqual([address]);
  });

  it('cannot be taken over by setting it as the intruder’s default', async () => {
    const owner = await createCustomer(db.prisma);
    const intruder = await createCustomer(db.prisma);
    const address = await owner.caller.user.addressCreate(billing('Tulajdonos'));
    await expectTrpcError(
      intruder.caller.user.addressUpdate({ id: address.id, isDefault: true }),
      'NOT_FOUND',
    );
    const row = await db.prisma.address.findUniqueOrThrow({ where: { id: address.id } });
    expect(row.userId).toBe(owner.id);
  });
});
