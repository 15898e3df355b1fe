import type { Database } from '@shop/db';
import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_LINK_INVALID_MESSAGE, WRONG_PASSWORD_MESSAGE } from '../src/services/user';
import { PASSWORD_CHECK_RATE_LIMITED_REASON, SIGNIN_LIMITS } from '../src/services/user-throttle';
import { clientCaller, createOrder, lastEmailTo, type Mailbox, openMailbox } from './account-fixtures';
import { createBuiltInEmailTemplates } from './email-fixtures';
import { callerFor, createCustomer, signIn } from './factories';
import { expectTrpcError } from './helpers';

let db: Database;
let mailbox: Mailbox;

beforeAll(async () => {
  db = await createTestDatabase();
  // The notice of an e-mail change is read as the shop sends it, in its seeded wording.
  await db.prisma.emailTemplate.createMany({
    data: EMAIL_TEMPLATES.filter((template) => template.key === 'email_changed'),
  });
  await createBuiltInEmailTemplates(db.prisma);
  mailbox = await openMailbox(db.prisma);
});
afterAll(async () => {
  await mailbox?.close();
  await db?.close();
});

describe('password confirmations on a signed-in session', () => {
  it('refuses with 429 after repeated wrong passwords, counted across password change, e-mail change and deletion', async () => {
    const user = await createCustomer(db.prisma);
    const wrong = 'rossz-jelszo-1';
    const attempts = [
      () => user.caller.user.changePassword({ oldPassword: wrong, newPassword: 'Uj-jelszo-2026' }),
      () => user.caller.user.changeEmail({ password: wrong, email: 'masik-cim@example.hu' }),
      () => user.caller.user.deleteAccount({ password: wrong }),
    ];
    for (let failure = 0; failure < SIGNIN_LIMITS.source.refuseAt; failure++) {
      const attempt = attempts[failure % attempts.length];
      if (!attempt) throw new Error('nincs ilyen próbálkozás');
      await expectTrpcError(attempt(), 'BAD_REQUEST', WRONG_PASSWORD_MESSAGE);
    }
    // Past the limit even the right password is refused, so a stolen session cannot go on guessing.
    // The answer says the real wait: the window of the first failure, a moment ago.
    const refused = `${PASSWORD_CHECK_RATE_LIMITED_REASON} Kérjük, próbáld újra 15 perc múlva!`;
    await expectTrpcError(
      user.caller.user.changePassword({ oldPassword: user.password, newPassword: 'Uj-jelszo-2026' }),
      'TOO_MANY_REQUESTS',
      refused,
    );
    await expectTrpcError(
      user.caller.user.deleteAccount({ password: user.password }),
      'TOO_MANY_REQUESTS',
      refused,
    );
    expect((await user.caller.user.details()).id).toBe(user.id);
  }, 60_000);

  it('counts parallel wrong passwords too, and a correct one clears the count', async () => {
    const user = await createCustomer(db.prisma);
    const results = await Promise.allSettled(
      Array.from({ length: SIGNIN_LIMITS.source.refuseAt + 5 }, () =>
        user.caller.user.deleteAccount({ password: 'rossz-jelszo-1' }),
      ),
    );
    const limited = results.filter(
      (result) => result.status === 'rejected' && /Túl sokszor/.test(String(result.reason)),
    );
    expect(limited.length).toBe(5);

    const other = await createCustomer(db.prisma);
    await expectTrpcError(other.caller.user.deleteAccount({ password: 'rossz-jelszo-1' }), 'BAD_REQUEST');
    expect(
      await other.caller.user.changePassword({ oldPassword: other.password, newPassword: 'Uj-jelszo-2026' }),
    ).toEqual({ ok: true });
    expect(await db.prisma.signInFailure.count({ where: { email: `felhasznalo:${other.id}` } })).toBe(0);
  }, 60_000);

  it('uses up the open reset links when the e-mail address changes', async () => {
    const user = await createCustomer(db.prisma);
    const visitor = await clientCaller(db.prisma);
    await visitor.user.newPassword({ email: user.email });
    const token = await mailbox.resetTokenFor(user.email);
    await user.caller.user.changeEmail({ password: user.password, email: `uj-${user.email}` });
    await expectTrpcError(
      visitor.user.resetPassword({ token, password: 'Uj-jelszo-2026' }),
      'BAD_REQUEST',
      RESET_LINK_INVALID_MESSAGE,
    );
  });
});

describe('changing the e-mail address', () => {
  it('ends the account’s other sessions but keeps the current one', async () => {
    const user = await createCustomer(db.prisma);
    const phone = await signIn(db.prisma, user);
    const newEmail = `uj-${user.email}`;
    expect(await user.caller.user.changeEmail({ password: user.password, email: newEmail })).toMatchObject({
      email: newEmail,
    });
    await expectTrpcError((await callerFor(db.prisma, { token: phone })).user.details(), 'UNAUTHORIZED');
    expect((await user.caller.user.details()).email).toBe(newEmail);
    expect(await db.prisma.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it('tells the old address in Hungarian what changed and what to do, with no link', async () => {
    const user = await createCustomer(db.prisma);
    const newEmail = `masik-${user.email}`;
    await user.caller.user.changeEmail({ password: user.password, email: newEmail });
    const notice = await lastEmailTo(db.prisma, user.email);
    expect(notice?.subject).toBe('Megváltozott a fiókod e-mail-címe');
    expect(notice?.text).toContain(`a korábbi cím (${user.email}) helyett mostantól a ${newEmail} címmel`);
    expect(notice?.text).toContain('Ha nem te voltál');
    expect(notice?.text).toMatch(/\d{4}\. \d{2}\. \d{2}\. \d{2}:\d{2}-kor/);
    expect(notice?.html).not.toContain('<a ');
    expect(notice?.html).not.toMatch(/newpassword|token|key=/i);
    // Nothing goes to the new address, and nothing when the address stays the same.
    expect(await lastEmailTo(db.prisma, newEmail)).toBeNull();
    const before = await db.prisma.emailOutbox.count();
    await user.caller.user.changeEmail({ password: user.password, email: newEmail });
    expect(await db.prisma.emailOutbox.count()).toBe(before);
  });
});

describe('what stays of a deleted person', () => {
  it('anonymising leaves no personal data in the user row, addresses, sessions or outbox; orders keep invoicing data', async () => {
    const user = await createCustomer(db.prisma);
    await user.caller.user.updateDetails({
      phone: '+36 30 111 2222',
      companyName: 'Titok Kft.',
      taxNumber: '12345676-2-41',
      newsletter: true,
    });
    await user.caller.user.addressCreate({
      type: 'billing',
      name: 'Teszt Vásárló',
      postcode: '1137',
      city: 'Budapest',
      street: 'Pozsonyi út 23.',
    });
    const order = await createOrder(db.prisma, user.id);
    const visitor = await clientCaller(db.prisma);
    await visitor.user.newPassword({ email: user.email });
    await db.prisma.emailOutbox.create({
      data: {
        to: user.email.toUpperCase(),
        subject: 'Rendelés',
        html: '<p>Teszt Vásárló</p>',
        status: 'sent',
      },
    });
    const stranger = await db.prisma.emailOutbox.create({
      data: { to: 'mas@example.hu', subject: 'Más', html: '<p>Más</p>' },
    });
    expect(
      await db.prisma.emailOutbox.count({ where: { to: { equals: user.email, mode: 'insensitive' } } }),
    ).toBe(3); // the reset request, the order e-mail and the newsletter confirmation

    await user.caller.user.deleteAccount({ password: user.password });

    const row = await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const personal = [user.email, '+36 30 111 2222', 'Titok Kft.', '12345676-2-41', 'Teszt', 'Vásárló'];
    for (const value of personal) expect(JSON.stringify(row)).not.toContain(value);
    expect(row.passwordHash).not.toMatch(/^\$argon2/);
    expect(await db.prisma.address.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.prisma.passwordResetToken.count({ where: { userId: user.id } })).toBe(0);
    const outbox = await db.prisma.emailOutbox.findMany();
    expect(outbox.map((message) => message.id)).toContain(stranger.id);
    expect(JSON.stringify(outbox).toLowerCase()).not.toContain(user.email);

    expect(await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      billingName: 'Kovács Anna',
      billingTaxNumber: '12345676-2-41',
      billingPostcode: '1137',
      billingCity: 'Budapest',
      billingStreet: 'Pozsonyi út 23.',
      grandTotal: 12_700,
      phone: null,
      email: row.email,
    });
  });

  it('deleting an account without orders removes its outbox messages too', async () => {
    const user = await createCustomer(db.prisma);
    await (await clientCaller(db.prisma)).user.newPassword({ email: user.email });
    expect(await lastEmailTo(db.prisma, user.email)).not.toBeNull();
    await user.caller.user.deleteAccount({ password: user.password });
    expect(await db.prisma.user.findUnique({ where: { id: user.id } })).toBeNull();
    expect(await lastEmailTo(db.prisma, user.email)).toBeNull();
  });
});
