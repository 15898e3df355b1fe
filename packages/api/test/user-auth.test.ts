import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_PASSWORD_MESSAGE, SIGNIN_FAILED_MESSAGE } from '../src/schemas';
import { hashToken } from '../src/services/session';
import { EMAIL_TAKEN_MESSAGE, RESET_LINK_INVALID_MESSAGE } from '../src/services/user';
import {
  reserveSigninAttempt,
  SIGNIN_LIMITS,
  SIGNIN_RATE_LIMITED_MESSAGE,
} from '../src/services/user-throttle';
import { clientCaller, lastEmailTo, PUBLIC_URL, resetTokenIn } from './account-fixtures';
import { createBuiltInEmailTemplates } from './email-fixtures';
import { createUser, signIn } from './factories';
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
      newsletter: true,
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

describe('sign-in rate limiting', () => {
  it('slows down and then refuses (429) repeated failures for one e-mail, even with the right password', async () => {
    const user = await createUser(db.prisma);
    const visitor = await clientCaller(db.prisma, { ip: '198.51.100.7' });
    for (let attempt = 0; attempt < SIGNIN_LIMITS.email.refuseAt; attempt++) {
      expect(await visitor.user.signin({ email: user.email, password: 'rossz-jelszo-1' })).toEqual({
        msg: SIGNIN_FAILED_MESSAGE,
      });
    }
    await expectTrpcError(
      visitor.user.signin({ email: user.email, password: user.password }),
      'TOO_MANY_REQUESTS',
      SIGNIN_RATE_LIMITED_MESSAGE,
    );
    // Another address of the same client is not locked out by this account's failures.
    const other = await createUser(db.prisma);
    expect(await visitor.user.signin({ email: other.email, password: other.password })).toHaveProperty(
      'token',
    );
  }, 30_000);

  it('refuses parallel wrong passwords past the limit: each attempt counts before its slow check', async () => {
    const user = await createUser(db.prisma);
    const visitor = await clientCaller(db.prisma, { ip: '198.51.100.70' });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        visitor.user.signin({ email: user.email, password: 'rossz-jelszo-1' }),
      ),
    );
    const answered = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter(
      (result) => result.status === 'rejected' && String(result.reason).includes(SIGNIN_RATE_LIMITED_MESSAGE),
    );
    expect(answered).toHaveLength(SIGNIN_LIMITS.email.refuseAt);
    expect(refused).toHaveLength(20 - SIGNIN_LIMITS.email.refuseAt);
    await expectTrpcError(
      visitor.user.signin({ email: user.email, password: user.password }),
      'TOO_MANY_REQUESTS',
      SIGNIN_RATE_LIMITED_MESSAGE,
    );
  }, 60_000);

  it('counts an unknown e-mail the same way, so the limit reveals no account', async () => {
    const at = new Date();
    await db.prisma.signInFailure.createMany({
      data: Array.from({ length: SIGNIN_LIMITS.email.refuseAt }, () => ({
        email: 'nincs-ilyen@example.hu',
        ip: '198.51.100.8',
        createdAt: at,
      })),
    });
    const visitor = await clientCaller(db.prisma, { ip: '192.0.2.1' });
    await expectTrpcError(
      visitor.user.signin({ email: 'Nincs-Ilyen@example.hu', password: 'barmi-123' }),
      'TOO_MANY_REQUESTS',
    );
  });

  it('refuses one IP address after many failures across accounts, and forgets failures after the window', async () => {
    const user = await createUser(db.prisma);
    const recent = new Date();
    await db.prisma.signInFailure.createMany({
      data: Array.from({ length: SIGNIN_LIMITS.ip.refuseAt }, (_, index) => ({
        email: `talalgatas-${index}@example.hu`,
        ip: '203.0.113.9',
        createdAt: recent,
      })),
    });
    const fromThere = await clientCaller(db.prisma, { ip: '203.0.113.9' });
    await expectTrpcError(
      fromThere.user.signin({ email: user.email, password: user.password }),
      'TOO_MANY_REQUESTS',
      SIGNIN_RATE_LIMITED_MESSAGE,
    );
    const elsewhere = await clientCaller(db.prisma, { ip: '203.0.113.10' });
    expect(await elsewhere.user.signin({ email: user.email, password: user.password })).toHaveProperty(
      'token',
    );

    await db.prisma.signInFailure.updateMany({
      where: { ip: '203.0.113.9' },
      data: { createdAt: new Date(Date.now() - SIGNIN_LIMITS.windowMs - 1000) },
    });
    expect(await fromThere.user.signin({ email: user.email, password: user.password })).toHaveProperty(
      'token',
    );
  });

  it('waits longer with each failure past the slow-down threshold, up to a ceiling', async () => {
    const waits: number[] = [];
    const throttle = { limits: SIGNIN_LIMITS, sleep: async (ms: number) => void waits.push(ms) };
    const email = 'lassitott@example.hu';
    const at = new Date();
    for (let failures = 0; failures < SIGNIN_LIMITS.email.refuseAt; failures++) {
      await reserveSigninAttempt(db.prisma, { email, ip: '192.0.2.50' }, throttle, at);
    }
    const slowAfter = SIGNIN_LIMITS.email.slowAfter;
    expect(waits).toHaveLength(SIGNIN_LIMITS.email.refuseAt - slowAfter);
    expect(waits[0]).toBe(SIGNIN_LIMITS.delayStepMs);
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
    expect(Math.max(...waits)).toBeLessThanOrEqual(SIGNIN_LIMITS.maxDelayMs);
  });

  it('clears an account’s failures when it signs in successfully', async () => {
    const user = await createUser(db.prisma);
    const visitor = await clientCaller(db.prisma, { ip: '192.0.2.60' });
    await visitor.user.signin({ email: user.email, password: 'rossz-jelszo-1' });
    expect(await db.prisma.signInFailure.count({ where: { email: user.email } })).toBe(1);
    await signIn(db.prisma, user);
    expect(await db.prisma.signInFailure.count({ where: { email: user.email } })).toBe(0);
  });
});

describe('forgotten password', () => {
  it('answers the same for unknown and known addresses, and mails a link only to an account', async () => {
    const user = await createUser(db.prisma);
    const visitor = await clientCaller(db.prisma);
    const unknown = await visitor.user.newPassword({ email: 'senki-mas@example.hu' });
    const known = await visitor.user.newPassword({ email: user.email.toUpperCase() });
    expect(unknown).toEqual({ ok: true, message: NEW_PASSWORD_MESSAGE });
    expect(known).toEqual(unknown);
    expect(await lastEmailTo(db.prisma, 'senki-mas@example.hu')).toBeNull();

    const email = await lastEmailTo(db.prisma, user.email);
    expect(email?.templateKey).toBe('password_reset');
    expect(email?.html).toContain(`${PUBLIC_URL}/newpassword/`);
    const token = resetTokenIn(email?.html ?? '');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await db.prisma.passwordResetToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.tokenHash).toBe(hashToken(token));
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it('sets the new password, ends every other session and refuses the link a second time', async () => {
    const user = await createUser(db.prisma);
    const oldSession = await signIn(db.prisma, user);
    const visitor = await clientCaller(db.prisma);
    await visitor.user.newPassword({ email: user.email });
    const token = resetTokenIn((await lastEmailTo(db.prisma, user.email))?.html ?? '');

    const result = await visitor.user.resetPassword({ token, password: 'Vadonatuj-jelszo-7' });
    expect((await (await clientCaller(db.prisma, { token: result.token })).user.details()).id).toBe(user.id);
    await expectTrpcError(
      (await clientCaller(db.prisma, { token: oldSession })).user.details(),
      'UNAUTHORIZED',
    );
    expect(await visitor.user.signin({ email: user.email, password: user.password })).toEqual({
      msg: SIGNIN_FAILED_MESSAGE,
    });
    expect(await visitor.user.signin({ email: user.email, password: 'Vadonatuj-jelszo-7' })).toHaveProperty(
      'token',
    );

    await expectTrpcError(
      visitor.user.resetPassword({ token, password: 'Masik-jelszo-8' }),
      'BAD_REQUEST',
      RESET_LINK_INVALID_MESSAGE,
    );
  });

  it('refuses an expired, an unknown and a weak-password reset', async () => {
    const user = await createUser(db.prisma);
    const visitor = await clientCaller(db.prisma);
    await visitor.user.newPassword({ email: user.email });
    const token = resetTokenIn((await lastEmailTo(db.prisma, user.email))?.html ?? '');
    await expectTrpcError(
      visitor.user.resetPassword({ token, password: 'rovid' }),
      'BAD_REQUEST',
      /^Hibás adat: password – /,
    );
    await db.prisma.passwordResetToken.update({
      where: { tokenHash: hashToken(token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await expectTrpcError(
      visitor.user.resetPassword({ token, password: 'Lejart-link-9' }),
      'BAD_REQUEST',
      RESET_LINK_INVALID_MESSAGE,
    );
    await expectTrpcError(
      visitor.user.resetPassword({ token: 'nem-letezo-token', password: 'Lejart-link-9' }),
      'BAD_REQUEST',
      RESET_LINK_INVALID_MESSAGE,
    );
    expect(await visitor.user.signin({ email: user.email, password: user.password })).toHaveProperty('token');
  });

  it('sends at most three links an hour to one account, still with the same answer', async () => {
    const user = await createUser(db.prisma);
    const visitor = await clientCaller(db.prisma);
    for (let request = 0; request < 5; request++) {
      expect(await visitor.user.newPassword({ email: user.email })).toEqual({
        ok: true,
        message: NEW_PASSWORD_MESSAGE,
      });
    }
    expect(await db.prisma.emailOutbox.count({ where: { to: user.email } })).toBe(3);
  });
});
