import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUESSABLE_PASSWORD_MESSAGE } from '../src/services/password-policy';
import { DEFAULT_REQUEST_LIMITS, SIGNUP_RATE_LIMITED_MESSAGE } from '../src/services/request-limits';
import { EMAIL_TAKEN_MESSAGE } from '../src/services/user';
import { clientCaller, lastEmailTo, PUBLIC_URL } from './account-fixtures';
import { createBuiltInEmailTemplates, saveSmtpSettings } from './email-fixtures';
import { expectTrpcError } from './helpers';

let db: Database;

beforeAll(async () => {
  db = await createTestDatabase();
  await createBuiltInEmailTemplates(db.prisma);
});
afterAll(() => db?.close());

const signupInput = (email: string) => ({
  email,
  password: 'Uj-jelszo-2026',
  firstName: 'Anna',
  lastName: 'Kovács',
  phone: '06 30 123 4567',
  newsletter: true,
  acceptTerms: true as const,
});

describe('user.signup', () => {
  it('creates a signed-in customer and queues the welcome e-mail with the shop link', async () => {
    const visitor = await clientCaller(db.prisma);
    const { token } = await visitor.user.signup(signupInput(' Anna.Kovacs@Example.hu '));
    const details = await (await clientCaller(db.prisma, { token })).user.details();
    expect(details).toMatchObject({
      email: 'anna.kovacs@example.hu',
      firstName: 'Anna',
      lastName: 'Kovács',
      role: 'customer',
      phone: '+36 30 123 4567',
      // The box asks for the newsletter: it counts after the confirmation link (newsletter.test.ts).
      newsletter: false,
      group: null,
    });
    const user = await db.prisma.user.findUniqueOrThrow({ where: { id: details.id } });
    expect(user.termsAcceptedAt).not.toBeNull();
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const email = await lastEmailTo(db.prisma, 'anna.kovacs@example.hu');
    expect(email?.templateKey).toBe('registration');
    expect(email?.html).toContain('Anna');
    expect(email?.html).toContain(PUBLIC_URL);
  });

  it('refuses an e-mail address already in use with 409, whatever its case', async () => {
    const visitor = await clientCaller(db.prisma);
    await visitor.user.signup(signupInput('foglalt@example.hu'));
    await expectTrpcError(
      visitor.user.signup(signupInput('FOGLALT@example.hu')),
      'CONFLICT',
      EMAIL_TAKEN_MESSAGE,
    );
    expect(await db.prisma.user.count({ where: { email: 'foglalt@example.hu' } })).toBe(1);
  });

  it('enforces the password rules and the terms with Hungarian messages naming the field', async () => {
    const visitor = await clientCaller(db.prisma);
    await expectTrpcError(
      visitor.user.signup({ ...signupInput('rovid@example.hu'), password: 'Ab1' }),
      'BAD_REQUEST',
      'Hibás adat: password – A jelszónak legalább 8 karakter hosszúnak kell lennie.',
    );
    await expectTrpcError(
      visitor.user.signup({ ...signupInput('betu@example.hu'), password: '1234567890' }),
      'BAD_REQUEST',
      'A jelszónak tartalmaznia kell legalább egy betűt.',
    );
    await expectTrpcError(
      visitor.user.signup({ ...signupInput('szam@example.hu'), password: 'csakbetuk' }),
      'BAD_REQUEST',
      'A jelszónak tartalmaznia kell legalább egy számjegyet.',
    );
    await expectTrpcError(
      visitor.user.signup({ ...signupInput('aszf@example.hu'), acceptTerms: false as unknown as true }),
      'BAD_REQUEST',
      'Hibás adat: acceptTerms – Az általános szerződési feltételek elfogadása kötelező.',
    );
    await expectTrpcError(
      visitor.user.signup({ ...signupInput('tel@example.hu'), phone: '123' }),
      'BAD_REQUEST',
      /^Hibás adat: phone – Érvénytelen telefonszám/,
    );
    const refused = ['rovid', 'betu', 'szam', 'aszf', 'tel'].map((name) => `${name}@example.hu`);
    expect(await db.prisma.user.count({ where: { email: { in: refused } } })).toBe(0);
  });
});

describe('sign-up limits', () => {
  it('refuses (429) more sign-ups from one address than the limit, in Hungarian, creating nothing', async () => {
    const limit = DEFAULT_REQUEST_LIMITS.signupPerIp.limit;
    const crowd = await clientCaller(db.prisma, { ip: '198.51.100.21' });
    for (let signup = 0; signup < limit; signup++) {
      await crowd.user.signup(signupInput(`tomeges-${signup}@example.hu`));
    }
    await expectTrpcError(
      crowd.user.signup(signupInput('tomeges-x@example.hu')),
      'TOO_MANY_REQUESTS',
      SIGNUP_RATE_LIMITED_MESSAGE,
    );
    expect(await db.prisma.user.count({ where: { email: 'tomeges-x@example.hu' } })).toBe(0);
    expect(await lastEmailTo(db.prisma, 'tomeges-x@example.hu')).toBeNull();
    const elsewhere = await clientCaller(db.prisma, { ip: '198.51.100.22' });
    expect(await elsewhere.user.signup(signupInput('masik-halozat@example.hu'))).toHaveProperty('token');
  });

  it('holds a shop-wide ceiling, however many addresses the sign-ups come from', async () => {
    await db.prisma.rateLimitBucket.deleteMany();
    const requestLimits = { signupOverall: { limit: 3, windowMs: 60_000 } };
    for (let signup = 0; signup < 3; signup++) {
      const visitor = await clientCaller(db.prisma, { ip: `203.0.113.${signup + 1}`, requestLimits });
      await visitor.user.signup(signupInput(`plafon-${signup}@example.hu`));
    }
    const fourth = await clientCaller(db.prisma, { ip: '203.0.113.99', requestLimits });
    await expectTrpcError(
      fourth.user.signup(signupInput('plafon-x@example.hu')),
      'TOO_MANY_REQUESTS',
      SIGNUP_RATE_LIMITED_MESSAGE,
    );
  });
});

describe('guessable passwords', () => {
  it('refuses a common password, whatever its case, on sign-up and on a password change', async () => {
    const visitor = await clientCaller(db.prisma, { ip: '198.51.100.23' });
    for (const password of ['password1', 'PassWord1', 'qwerty123', 'Jelszo123']) {
      await expectTrpcError(
        visitor.user.signup({ ...signupInput('gyakori@example.hu'), password }),
        'BAD_REQUEST',
        GUESSABLE_PASSWORD_MESSAGE,
      );
    }
    expect(await db.prisma.user.count({ where: { email: 'gyakori@example.hu' } })).toBe(0);

    const { token } = await visitor.user.signup(signupInput('valto@example.hu'));
    const customer = await clientCaller(db.prisma, { token });
    await expectTrpcError(
      customer.user.changePassword({ oldPassword: 'Uj-jelszo-2026', newPassword: 'Password1' }),
      'BAD_REQUEST',
      GUESSABLE_PASSWORD_MESSAGE,
    );
  });

  it("refuses the shop's name or the account's own address dressed up with digits", async () => {
    await saveSmtpSettings(db.prisma, { host: null });
    await db.prisma.emailSetting.update({ where: { id: 1 }, data: { senderName: 'Kék Bögre Webáruház' } });
    const visitor = await clientCaller(db.prisma, { ip: '198.51.100.24' });
    for (const password of ['KekBogre2026!', 'Bögre-1234', 'kovacs.anna99']) {
      await expectTrpcError(
        visitor.user.signup({ ...signupInput('kovacs.anna@example.hu'), password }),
        'BAD_REQUEST',
        GUESSABLE_PASSWORD_MESSAGE,
      );
    }
    expect(await visitor.user.signup(signupInput('kovacs.anna@example.hu'))).toHaveProperty('token');
  });
});
