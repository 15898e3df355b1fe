import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/errors';
import { csvField } from '../src/services/csv';
import { EMAIL_TAKEN_MESSAGE } from '../src/services/user';
import { GROUP_NOT_FOUND_MESSAGE } from '../src/services/user-admin';
import { createOrder } from './account-fixtures';
import { callerFor, createAdmin, createUser, type SignedIn, signIn } from './factories';
import { expectTrpcError } from './helpers';

let db: Database;
let admin: SignedIn;
let groups: { general: number; reseller: number };

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await createAdmin(db.prisma);
  const general = await db.prisma.customerGroup.create({ data: { name: 'Általános' } });
  const reseller = await db.prisma.customerGroup.create({
    data: { name: 'Viszonteladó', discountPercent: 15 },
  });
  groups = { general: general.id, reseller: reseller.id };
});
afterAll(() => db?.close());

describe('user.findAll', () => {
  it('searches name words, e-mail and company; filters group and role; pages and sorts', async () => {
    const anna = await createUser(db.prisma, 'customer', {
      email: 'kovacs.anna@kereses.hu',
      firstName: 'Anna',
      lastName: 'Kovács',
    });
    const peter = await createUser(db.prisma, 'customer', {
      email: 'nagy.peter@kereses.hu',
      firstName: 'Péter',
      lastName: 'Nagy',
    });
    await db.prisma.user.update({
      where: { id: peter.id },
      data: { groupId: groups.reseller, companyName: 'Nagy Bt.' },
    });

    const byName = await admin.caller.user.findAll({ search: 'kovács ANNA' });
    expect(byName.items.map((user) => user.id)).toEqual([anna.id]);
    expect((await admin.caller.user.findAll({ search: 'nagy bt' })).items.map((user) => user.id)).toEqual([
      peter.id,
    ]);
    expect((await admin.caller.user.findAll({ search: '@kereses.hu' })).total).toBe(2);

    const resellers = await admin.caller.user.findAll({ groupId: groups.reseller });
    expect(resellers.items.map((user) => user.id)).toEqual([peter.id]);
    expect(resellers.items[0]?.group).toEqual({
      id: groups.reseller,
      name: 'Viszonteladó',
      discountPercent: 15,
    });
    expect(
      (await admin.caller.user.findAll({ groupId: null, search: '@kereses.hu' })).items.map((u) => u.id),
    ).toEqual([anna.id]);
    expect((await admin.caller.user.findAll({ role: 'admin' })).items.map((user) => user.id)).toEqual([
      admin.id,
    ]);

    const page = await admin.caller.user.findAll({
      search: '@kereses.hu',
      pageSize: 1,
      page: 2,
      sort: 'email',
    });
    expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page.items.map((user) => user.id)).toEqual([peter.id]);
    const descending = await admin.caller.user.findAll({
      search: '@kereses.hu',
      sort: 'name',
      order: 'desc',
    });
    expect(descending.items.map((user) => user.id)).toEqual([peter.id, anna.id]);
    expect(JSON.stringify(descending)).not.toMatch(/passwordHash|argon2/);
  });
});

describe('user.byId, user.update, user.changeGroup', () => {
  it('reads a user, 404 for a missing one', async () => {
    const user = await createUser(db.prisma);
    expect(await admin.caller.user.byId({ id: user.id })).toMatchObject({
      id: user.id,
      email: user.email,
      group: null,
    });
    await expectTrpcError(admin.caller.user.byId({ id: user.id + 10_000 }), 'NOT_FOUND', MESSAGES.notFound);
  });

  it('edits fields including the role, which applies to the user’s live session at once', async () => {
    const user = await createUser(db.prisma);
    const token = await signIn(db.prisma, user);
    const updated = await admin.caller.user.update({
      id: user.id,
      firstName: 'Gergely',
      role: 'admin',
      taxNumber: '12345676-1-12',
      groupId: groups.general,
    });
    expect(updated).toMatchObject({ firstName: 'Gergely', role: 'admin', taxNumber: '12345676-1-12' });
    expect(updated.group?.id).toBe(groups.general);
    const promoted = await callerFor(db.prisma, { token });
    expect((await promoted.user.findAll({ role: 'admin' })).total).toBeGreaterThanOrEqual(2);

    await admin.caller.user.update({ id: user.id, role: 'customer' });
    const nextRequest = await callerFor(db.prisma, { token });
    await expectTrpcError(nextRequest.user.findAll({}), 'FORBIDDEN');
  });

  it('refuses a taken e-mail, an unknown group, and an admin demoting themself', async () => {
    const user = await createUser(db.prisma);
    const other = await createUser(db.prisma);
    await expectTrpcError(
      admin.caller.user.update({ id: user.id, email: other.email }),
      'CONFLICT',
      EMAIL_TAKEN_MESSAGE,
    );
    await expectTrpcError(
      admin.caller.user.update({ id: user.id, groupId: 99_999 }),
      'NOT_FOUND',
      GROUP_NOT_FOUND_MESSAGE,
    );
    await expectTrpcError(
      admin.caller.user.update({ id: admin.id, role: 'customer' }),
      'CONFLICT',
      'A saját adminisztrátori jogodat nem vonhatod vissza.',
    );
    await expectTrpcError(admin.caller.user.update({ id: 99_999, firstName: 'Senki' }), 'NOT_FOUND');
  });

  it('moves a customer to another group and out of every group', async () => {
    const user = await createUser(db.prisma);
    const moved = await admin.caller.user.changeGroup({ userId: user.id, groupId: groups.reseller });
    expect(moved.group).toEqual({ id: groups.reseller, name: 'Viszonteladó', discountPercent: 15 });
    expect((await admin.caller.user.changeGroup({ userId: user.id, groupId: null })).group).toBeNull();
    await expectTrpcError(
      admin.caller.user.changeGroup({ userId: user.id, groupId: 99_999 }),
      'NOT_FOUND',
      GROUP_NOT_FOUND_MESSAGE,
    );
    await expectTrpcError(
      admin.caller.user.changeGroup({ userId: 99_999, groupId: groups.general }),
      'NOT_FOUND',
    );
  });
});

describe('user.delete', () => {
  it('deletes a user without orders and anonymises one with orders, keeping the orders', async () => {
    const plain = await createUser(db.prisma);
    const buyer = await createUser(db.prisma);
    const buyerToken = await signIn(db.prisma, buyer);
    const order = await createOrder(db.prisma, buyer.id);

    expect(await admin.caller.user.delete({ id: plain.id })).toEqual({ ok: true, anonymized: false });
    expect(await db.prisma.user.findUnique({ where: { id: plain.id } })).toBeNull();

    expect(await admin.caller.user.delete({ id: buyer.id })).toEqual({ ok: true, anonymized: true });
    const anonymized = await admin.caller.user.byId({ id: buyer.id });
    expect(anonymized.anonymizedAt).not.toBeNull();
    expect(anonymized.email).not.toBe(buyer.email);
    await expectTrpcError((await callerFor(db.prisma, { token: buyerToken })).user.details(), 'UNAUTHORIZED');
    const kept = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(kept).toMatchObject({
      userId: buyer.id,
      billingName: 'Kovács Anna',
      billingTaxNumber: '12345676-2-41',
    });
    expect((await admin.caller.user.findAll({ search: buyer.email })).total).toBe(0);
    expect(
      (await admin.caller.user.findAll({ includeAnonymized: true, sort: 'id', order: 'desc' })).items[0]?.id,
    ).toBe(buyer.id);
  });

  it('refuses to delete the admin’s own account here, and 404 for a missing user', async () => {
    await expectTrpcError(admin.caller.user.delete({ id: admin.id }), 'CONFLICT');
    await expectTrpcError(admin.caller.user.delete({ id: 99_999 }), 'NOT_FOUND', MESSAGES.notFound);
  });
});

describe('user.download', () => {
  it('answers customers as a CSV for Hungarian Excel: BOM, semicolons, Hungarian headers, quoting', async () => {
    const tricky = await createUser(db.prisma, 'customer', {
      email: 'csv@letoltes.hu',
      firstName: 'Zsófia "Zsófi"',
      lastName: 'Őri; Kft',
    });
    await db.prisma.user.update({
      where: { id: tricky.id },
      data: {
        phone: '+36 30 123 4567',
        companyName: '=HYPERLINK("x")',
        groupId: groups.reseller,
        newsletter: true,
      },
    });
    await createOrder(db.prisma, tricky.id, { grandTotal: 10_000 });
    await createOrder(db.prisma, tricky.id, { grandTotal: 5_000, status: 'cancelled' });

    const file = await admin.caller.user.download({ search: 'letoltes.hu' });
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    expect(file.filename).toMatch(/^vasarlok-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.content.startsWith('\uFEFF')).toBe(true);
    const lines = file.content.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'Azonosító;Vezetéknév;Keresztnév;E-mail-cím;Telefonszám;Cégnév;Adószám;Vásárlói csoport;Hírlevél;Rendelések száma;Vásárlások összege (Ft);Regisztráció;Utolsó belépés',
    );
    expect(lines).toHaveLength(3);
    const fields = lines[1]?.split(';') ?? [];
    expect(fields[0]).toBe(String(tricky.id));
    expect(lines[1]).toContain(';"Őri; Kft";"Zsófia ""Zsófi""";csv@letoltes.hu;');
    expect(lines[1]).toContain(`;"'=HYPERLINK(""x"")";`);
    expect(lines[1]).toContain(';Viszonteladó;igen;1;10000;');
    expect(lines[1]).toMatch(/;\d{4}-\d{2}-\d{2} \d{2}:\d{2};$/);
  });

  it('lists customers only unless a role is asked for', async () => {
    const file = await admin.caller.user.download();
    expect(file.content).not.toContain(admin.email);
    expect((await admin.caller.user.download({ role: 'admin' })).content).toContain(admin.email);
  });

  it('quotes exactly what needs quoting', () => {
    expect(csvField('egyszerű')).toBe('egyszerű');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('két\nsor')).toBe('"két\nsor"');
    expect(csvField('+36 30 123 4567')).toBe("'+36 30 123 4567");
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
  });
});
