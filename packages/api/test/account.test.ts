import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNIN_FAILED_MESSAGE, TAX_NUMBER_CHECK_DIGIT_MESSAGE } from '../src/schemas';
import { ANONYMIZED_EMAIL_DOMAIN } from '../src/services/account';
import { EMAIL_TAKEN_MESSAGE, WRONG_PASSWORD_MESSAGE } from '../src/services/user';
import { clientCaller, createOrder } from './account-fixtures';
import { createBuiltInEmailTemplates } from './email-fixtures';
import { callerFor, createCustomer, createUser, signIn } from './factories';
import { expectTrpcError } from './helpers';

let db: Database;

beforeAll(async () => {
  db = await createTestDatabase();
  // An e-mail change queues a notice to the old address.
  await createBuiltInEmailTemplates(db.prisma);
});
afterAll(() => db?.close());

describe('own details', () => {
  it('changes any subset of the editable fields and keeps the rest', async () => {
    const { caller, email } = await createCustomer(db.prisma);
    const updated = await caller.user.updateDetails({
      phone: '+36 20 987 6543',
      companyName: 'Kovács Kft.',
      taxNumber: '12345676-2-41',
      newsletter: true,
    });
    expect(updated).toMatchObject({
      email,
      firstName: 'Teszt',
      phone: '+36 20 987 6543',
      companyName: 'Kovács Kft.',
      taxNumber: '12345676-2-41',
      // Asked, not given: it turns true when the confirmation link is clicked (newsletter.test.ts).
      newsletter: false,
    });
    const renamed = await caller.user.updateDetails({ lastName: 'Szabó' });
    expect(renamed).toMatchObject({ lastName: 'Szabó', firstName: 'Teszt', companyName: 'Kovács Kft.' });
    // An empty text clears an optional field, which is what a form sends for an emptied input.
    expect(await caller.user.updateDetails({ companyName: '', taxNumber: null })).toMatchObject({
      companyName: null,
      taxNumber: null,
    });
  });

  it('refuses a tax number with a wrong check digit and a phone that is not Hungarian', async () => {
    const { caller } = await createCustomer(db.prisma);
    await expectTrpcError(
      caller.user.updateDetails({ taxNumber: '12345678-1-12' }),
      'BAD_REQUEST',
      `Hibás adat: taxNumber – ${TAX_NUMBER_CHECK_DIGIT_MESSAGE}`,
    );
    await expectTrpcError(
      caller.user.updateDetails({ phone: '+49 30 1234567' }),
      'BAD_REQUEST',
      /^Hibás adat: phone – /,
    );
    expect((await caller.user.updateDetails({ taxNumber: '12345676112' })).taxNumber).toBe('12345676-1-12');
  });

  it('refuses the e-mail address and the role among the details, naming them, and changes nothing', async () => {
    const { caller, email } = await createCustomer(db.prisma);
    const sneaky = { firstName: 'Éva', email: 'mas@example.hu', role: 'admin' } as unknown as {
      firstName: string;
    };
    await expectTrpcError(
      caller.user.updateDetails(sneaky),
      'BAD_REQUEST',
      'Csak olvasható mezők nem módosíthatók: email, role.',
    );
    expect(await caller.user.details()).toMatchObject({ firstName: 'Teszt', email, role: 'customer' });
  });

  it('answers only the caller’s own details, never another customer’s', async () => {
    const first = await createCustomer(db.prisma);
    const second = await createCustomer(db.prisma);
    await first.caller.user.updateDetails({ firstName: 'Első' });
    expect((await second.caller.user.details()).firstName).toBe('Teszt');
    expect((await first.caller.user.details()).id).toBe(first.id);
  });
});

describe('password and e-mail change', () => {
  it('changes the password with the current one and ends the other sessions only', async () => {
    const user = await createCustomer(db.prisma);
    const otherDevice = await signIn(db.prisma, user);
    await expectTrpcError(
      user.caller.user.changePassword({ oldPassword: 'nem-ez-az-1', newPassword: 'Uj-jelszo-2026' }),
      'BAD_REQUEST',
      WRONG_PASSWORD_MESSAGE,
    );
    await expectTrpcError(
      user.caller.user.changePassword({ oldPassword: user.password, newPassword: 'gyenge' }),
      'BAD_REQUEST',
      /^Hibás adat: newPassword – /,
    );
    expect(
      await user.caller.user.changePassword({ oldPassword: user.password, newPassword: 'Uj-jelszo-2026' }),
    ).toEqual({
      ok: true,
    });
    expect((await user.caller.user.details()).id).toBe(user.id);
    await expectTrpcError(
      (await callerFor(db.prisma, { token: otherDevice })).user.details(),
      'UNAUTHORIZED',
    );
    const visitor = await callerFor(db.prisma);
    expect(await visitor.user.signin({ email: user.email, password: user.password })).toEqual({
      msg: SIGNIN_FAILED_MESSAGE,
    });
    expect(await visitor.user.signin({ email: user.email, password: 'Uj-jelszo-2026' })).toHaveProperty(
      'token',
    );
  });

  it('changes the e-mail with the password; a taken address is a 409', async () => {
    const user = await createCustomer(db.prisma);
    const other = await createUser(db.prisma);
    await expectTrpcError(
      user.caller.user.changeEmail({ password: 'rossz-jelszo-1', email: 'uj-cim@example.hu' }),
      'BAD_REQUEST',
      WRONG_PASSWORD_MESSAGE,
    );
    await expectTrpcError(
      user.caller.user.changeEmail({ password: user.password, email: other.email.toUpperCase() }),
      'CONFLICT',
      EMAIL_TAKEN_MESSAGE,
    );
    const changed = await user.caller.user.changeEmail({
      password: user.password,
      email: 'Uj-Cim@Example.hu',
    });
    expect(changed.email).toBe('uj-cim@example.hu');
    expect(
      await (await callerFor(db.prisma)).user.signin({ email: 'uj-cim@example.hu', password: user.password }),
    ).toHaveProperty('token');
  });
});

describe('data export', () => {
  it('gives the customer their own details, addresses, orders and bookmarks, and no one else’s', async () => {
    const user = await createCustomer(db.prisma);
    const stranger = await createCustomer(db.prisma);
    await user.caller.user.addressCreate({
      type: 'billing',
      name: 'Teszt Vásárló',
      postcode: '1137',
      city: 'Budapest',
      street: 'Pozsonyi út 23.',
    });
    await stranger.caller.user.addressCreate({
      type: 'billing',
      name: 'Idegen',
      postcode: '6720',
      city: 'Szeged',
      street: 'Kárász utca 8.',
    });
    const order = await createOrder(db.prisma, user.id);
    await createOrder(db.prisma, stranger.id);
    const product = await db.prisma.product.create({
      data: { slug: 'bogre', grossPrice: 2990 },
      select: { id: true },
    });
    await db.prisma.bookmark.create({ data: { userId: user.id, productId: product.id } });

    const exported = await user.caller.user.export();
    expect(exported.details).toMatchObject({ id: user.id, email: user.email });
    expect(exported.details.lastLoginAt).not.toBeNull();
    expect(exported.addresses.map((address) => address.name)).toEqual(['Teszt Vásárló']);
    expect(exported.orders.map((row) => row.number)).toEqual([order.number]);
    expect(exported.orders[0]?.lines).toHaveLength(1);
    expect(exported.bookmarks).toEqual([
      { productId: product.id, slug: 'bogre', createdAt: expect.any(String) },
    ]);
    expect(JSON.stringify(exported)).not.toMatch(/passwordHash|tokenHash|argon2/);
  });
});

describe('account deletion', () => {
  it('needs the current password', async () => {
    const user = await createCustomer(db.prisma);
    await expectTrpcError(
      user.caller.user.deleteAccount({ password: 'rossz-jelszo-1' }),
      'BAD_REQUEST',
      WRONG_PASSWORD_MESSAGE,
    );
    expect((await user.caller.user.details()).id).toBe(user.id);
  });

  it('removes an account without orders entirely and ends its sessions', async () => {
    const user = await createCustomer(db.prisma);
    await user.caller.user.addressCreate({
      type: 'shipping',
      name: 'Teszt',
      postcode: '1011',
      city: 'Budapest',
      street: 'Fő utca 1.',
    });
    expect(await user.caller.user.deleteAccount({ password: user.password })).toEqual({ ok: true });
    expect(await db.prisma.user.findUnique({ where: { id: user.id } })).toBeNull();
    expect(await db.prisma.address.count({ where: { userId: user.id } })).toBe(0);
    await expectTrpcError((await callerFor(db.prisma, { token: user.token })).user.details(), 'UNAUTHORIZED');
  });

  it('anonymises an account with orders: personal data goes, the orders keep their invoicing data', async () => {
    const user = await createCustomer(db.prisma);
    await user.caller.user.updateDetails({
      phone: '+36 30 111 2222',
      companyName: 'Titok Kft.',
      taxNumber: '12345676-2-41',
    });
    await user.caller.user.addressCreate({
      type: 'billing',
      name: 'Teszt Vásárló',
      postcode: '1137',
      city: 'Budapest',
      street: 'Pozsonyi út 23.',
    });
    const order = await createOrder(db.prisma, user.id);
    const otherDevice = await signIn(db.prisma, user);

    expect(await user.caller.user.deleteAccount({ password: user.password })).toEqual({ ok: true });

    const row = await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.anonymizedAt).not.toBeNull();
    expect(row.email).not.toBe(user.email);
    expect(row.email.endsWith(`@${ANONYMIZED_EMAIL_DOMAIN}`)).toBe(true);
    expect(row).toMatchObject({
      phone: null,
      companyName: null,
      taxNumber: null,
      newsletter: false,
      groupId: null,
    });
    expect(`${row.firstName} ${row.lastName}`).not.toMatch(/Teszt|Vásárló/);
    expect(await db.prisma.address.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    await expectTrpcError(
      (await callerFor(db.prisma, { token: otherDevice })).user.details(),
      'UNAUTHORIZED',
    );

    const kept = await db.prisma.order.findUniqueOrThrow({
      where: { id: order.id },
      include: { lines: true },
    });
    expect(kept).toMatchObject({
      userId: user.id,
      billingName: 'Kovács Anna',
      billingCompanyName: 'Kovács Kft.',
      billingTaxNumber: '12345676-2-41',
      billingPostcode: '1137',
      billingCity: 'Budapest',
      billingStreet: 'Pozsonyi út 23.',
      grandTotal: 12_700,
      phone: null,
    });
    expect(kept.email).toBe(row.email);
    expect(kept.lines).toHaveLength(1);

    // Neither the old address nor a guess signs in, and the address is free for a new account.
    const visitor = await clientCaller(db.prisma);
    expect(await visitor.user.signin({ email: user.email, password: user.password })).toEqual({
      msg: SIGNIN_FAILED_MESSAGE,
    });
    expect(await visitor.user.signin({ email: row.email, password: user.password })).toEqual({
      msg: SIGNIN_FAILED_MESSAGE,
    });
  });

  it('refuses to delete the shop’s last admin account', async () => {
    const admins = await db.prisma.user.findMany({ where: { role: 'admin' }, select: { id: true } });
    expect(admins).toHaveLength(0);
    const admin = await createCustomer(db.prisma);
    await db.prisma.user.update({ where: { id: admin.id }, data: { role: 'admin' } });
    await expectTrpcError(
      admin.caller.user.deleteAccount({ password: admin.password }),
      'CONFLICT',
      'Az utolsó adminisztrátori fiók nem törölhető.',
    );
  });
});
