import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryAfterSeconds } from '../src/errors';
import { SIGNIN_FAILED_MESSAGE } from '../src/schemas';
import { hashToken } from '../src/services/session';
import {
  networkSource,
  reserveSigninAttempt,
  SIGNIN_LIMITS,
  SIGNIN_RATE_LIMITED_REASON,
} from '../src/services/user-throttle';
import { clientCaller } from './account-fixtures';
import { createUser, type TestUser } from './factories';
import { expectTrpcError } from './helpers';

let db: Database;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.close());

const WRONG = 'rossz-jelszo-1';

/** Failures written straight into the shared table, as many clients would have left them. */
async function failuresOf(email: string, ips: string[], at = new Date()) {
  await db.prisma.signInFailure.createMany({ data: ips.map((ip) => ({ email, ip, createdAt: at })) });
}

/** `count` addresses of a documentation network, one per stranger. */
const strangers = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${prefix}.${index + 1}`);

/** Signs in from `ip` and answers the session and device tokens. */
async function signInFrom(user: TestUser, ip: string, deviceToken?: string) {
  const answer = await (await clientCaller(db.prisma, { ip, deviceToken })).user.signin({
    email: user.email,
    password: user.password,
  });
  if (!('token' in answer)) throw new Error(`A belépés nem sikerült: ${JSON.stringify(answer)}`);
  return answer;
}

describe('one account from one source', () => {
  it('slows down and then refuses (429) one client’s repeated failures, even with the right password', async () => {
    const user = await createUser(db.prisma);
    const visitor = await clientCaller(db.prisma, { ip: '198.51.100.7' });
    for (let attempt = 0; attempt < SIGNIN_LIMITS.source.refuseAt; attempt++) {
      expect(await visitor.user.signin({ email: user.email, password: WRONG })).toEqual({
        msg: SIGNIN_FAILED_MESSAGE,
      });
    }
    await expectTrpcError(
      visitor.user.signin({ email: user.email, password: user.password }),
      'TOO_MANY_REQUESTS',
      SIGNIN_RATE_LIMITED_REASON,
    );
    // Another account of the same client is not locked out by this account's failures …
    const other = await createUser(db.prisma);
    expect(await visitor.user.signin({ email: other.email, password: other.password })).toHaveProperty(
      'token',
    );
    // … and neither is this account from another address.
    expect(await signInFrom(user, '198.51.100.8')).toHaveProperty('token');
  }, 60_000);

  it('refuses parallel wrong passwords past the limit: each attempt counts before its slow check', async () => {
    const user = await createUser(db.prisma);
    const visitor = await clientCaller(db.prisma, { ip: '198.51.100.70' });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => visitor.user.signin({ email: user.email, password: WRONG })),
    );
    const answered = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter(
      (result) => result.status === 'rejected' && String(result.reason).includes(SIGNIN_RATE_LIMITED_REASON),
    );
    expect(answered).toHaveLength(SIGNIN_LIMITS.source.refuseAt);
    expect(refused).toHaveLength(20 - SIGNIN_LIMITS.source.refuseAt);
  }, 60_000);

  it('waits longer with each failure past the slow-down threshold, up to a ceiling', async () => {
    const waits: number[] = [];
    const throttle = { limits: SIGNIN_LIMITS, sleep: async (ms: number) => void waits.push(ms) };
    const at = new Date();
    for (let failures = 0; failures < SIGNIN_LIMITS.source.refuseAt; failures++) {
      await reserveSigninAttempt(
        db.prisma,
        { email: 'lassitott@example.hu', source: networkSource('192.0.2.50') },
        throttle,
        at,
      );
    }
    expect(waits).toHaveLength(SIGNIN_LIMITS.source.refuseAt - SIGNIN_LIMITS.source.slowAfter);
    expect(waits[0]).toBe(SIGNIN_LIMITS.delayStepMs);
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
    expect(Math.max(...waits)).toBeLessThanOrEqual(SIGNIN_LIMITS.maxDelayMs);
  });

  it('clears its own source’s failures on success, not a stranger’s elsewhere', async () => {
    const user = await createUser(db.prisma);
    await failuresOf(user.email, ['203.0.113.200']);
    const visitor = await clientCaller(db.prisma, { ip: '192.0.2.60' });
    await visitor.user.signin({ email: user.email, password: WRONG });
    expect(await db.prisma.signInFailure.count({ where: { email: user.email } })).toBe(2);
    await signInFrom(user, '192.0.2.60');
    const left = await db.prisma.signInFailure.findMany({
      where: { email: user.email },
      select: { ip: true },
    });
    expect(left).toEqual([{ ip: '203.0.113.200' }]);
  });
});

/** Failures enough to put an account under attack, from strangers' networks of `prefix`, three each. */
const attackOn = (email: string, prefix = '203.0.113') =>
  failuresOf(
    email,
    strangers(prefix, Math.ceil((SIGNIN_LIMITS.account.slowAfter + 25) / 3)).flatMap((ip) => [ip, ip, ip]),
  );

describe('one account from everywhere', () => {
  it('never locks the owner out: after 30+ failures from other networks the right password still gets in from a new network', async () => {
    const user = await createUser(db.prisma);
    await attackOn(user.email);
    expect(await db.prisma.signInFailure.count({ where: { email: user.email } })).toBeGreaterThan(30);
    expect(await signInFrom(user, '192.0.2.99')).toHaveProperty('token');
  });

  it('slows every unknown network down while the account is under attack, and refuses a guesser’s network at fewer failures, saying the real wait', async () => {
    const user = await createUser(db.prisma);
    const now = new Date();
    await attackOn(user.email, '198.51.100');
    // The guesser's network failed three times, four and a half minutes ago: under attack, that is enough.
    const guesser = '192.0.2.77';
    await failuresOf(user.email, [guesser, guesser, guesser], new Date(now.getTime() - 270_000));
    const waits: number[] = [];
    const throttle = { limits: SIGNIN_LIMITS, sleep: async (ms: number) => void waits.push(ms) };
    const refused = await reserveSigninAttempt(
      db.prisma,
      { email: user.email, source: networkSource(guesser) },
      throttle,
      now,
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    // 15 minutes from the oldest holding failure: ten and a half minutes left, said as 11.
    expect(String(refused)).toContain(`${SIGNIN_RATE_LIMITED_REASON} Kérjük, próbáld újra 11 perc múlva`);
    expect(retryAfterSeconds(refused)).toBe(630);
    expect(waits).toEqual([]);
    // A network that has not failed is only slowed, as far as the ceiling.
    await reserveSigninAttempt(
      db.prisma,
      { email: user.email, source: networkSource('192.0.2.78') },
      throttle,
      now,
    );
    expect(waits).toEqual([SIGNIN_LIMITS.maxDelayMs]);
  });

  it('refuses the guesser’s own network over the API with the wait in minutes', async () => {
    const user = await createUser(db.prisma);
    await attackOn(user.email);
    const guesser = await clientCaller(db.prisma, { ip: '203.0.113.1' });
    const error = await expectTrpcError(
      guesser.user.signin({ email: user.email, password: user.password }),
      'TOO_MANY_REQUESTS',
      `${SIGNIN_RATE_LIMITED_REASON} Kérjük, próbáld újra 15 perc múlva, vagy kérj új jelszót!`,
    );
    expect(retryAfterSeconds(error)).toBeGreaterThan(14 * 60);
    expect(retryAfterSeconds(error)).toBeLessThanOrEqual(15 * 60);
  });

  it('counts an IPv6 network as one: addresses rotated within a /64 are refused together', async () => {
    const user = await createUser(db.prisma);
    for (let attempt = 1; attempt <= SIGNIN_LIMITS.source.refuseAt; attempt++) {
      const rotating = await clientCaller(db.prisma, { ip: `2001:db8:5:6::${attempt.toString(16)}` });
      expect(await rotating.user.signin({ email: user.email, password: WRONG })).toEqual({
        msg: SIGNIN_FAILED_MESSAGE,
      });
    }
    await expectTrpcError(
      (await clientCaller(db.prisma, { ip: '2001:db8:5:6:abcd::1' })).user.signin({
        email: user.email,
        password: user.password,
      }),
      'TOO_MANY_REQUESTS',
      SIGNIN_RATE_LIMITED_REASON,
    );
    expect(await signInFrom(user, '2001:db8:5:7::1')).toHaveProperty('token');
  }, 60_000);

  it('treats an unknown e-mail the same way, so the limit reveals no account', async () => {
    const user = await createUser(db.prisma);
    for (const email of [user.email, 'nincs-ilyen@example.hu']) {
      await attackOn(email);
      const guesser = await clientCaller(db.prisma, { ip: '203.0.113.2' });
      await expectTrpcError(
        guesser.user.signin({ email: email.toUpperCase(), password: 'barmi-123' }),
        'TOO_MANY_REQUESTS',
        SIGNIN_RATE_LIMITED_REASON,
      );
    }
  });

  it('lets the owner in from a known device or a live session even on the guesser’s network', async () => {
    const user = await createUser(db.prisma);
    const { token: session, deviceToken } = await signInFrom(user, '192.0.2.10');
    await attackOn(user.email);
    const guessers = '203.0.113.3';
    // An unknown browser on the guessers' network is refused …
    await expectTrpcError(
      (await clientCaller(db.prisma, { ip: guessers })).user.signin({
        email: user.email,
        password: user.password,
      }),
      'TOO_MANY_REQUESTS',
    );
    // … the owner's own browser gets in with the right password, from there too …
    const again = await signInFrom(user, guessers, deviceToken);
    expect(again.token).not.toBe(session);
    // … and so does a request carrying a live session of the account.
    const withSession = await (await clientCaller(db.prisma, { ip: guessers, token: session })).user.signin({
      email: user.email,
      password: user.password,
    });
    expect(withSession).toHaveProperty('token');
    // Wrong passwords from the known device are still answered as failures, not let through.
    expect(
      await (await clientCaller(db.prisma, { ip: guessers, deviceToken: again.deviceToken })).user.signin({
        email: user.email,
        password: WRONG,
      }),
    ).toEqual({ msg: SIGNIN_FAILED_MESSAGE });
  });

  it('a device token counts only for its own account', async () => {
    const owner = await createUser(db.prisma);
    const victim = await createUser(db.prisma);
    const { deviceToken } = await signInFrom(owner, '203.0.113.4');
    await attackOn(victim.email);
    await expectTrpcError(
      (await clientCaller(db.prisma, { ip: '203.0.113.4', deviceToken })).user.signin({
        email: victim.email,
        password: victim.password,
      }),
      'TOO_MANY_REQUESTS',
    );
  });
});

describe('one address across accounts', () => {
  it('refuses an unknown client behind a busy address, lets a known device of the office in, and forgets after the window', async () => {
    const office = '203.0.113.9';
    const user = await createUser(db.prisma);
    const { deviceToken } = await signInFrom(user, office);
    await db.prisma.signInFailure.createMany({
      data: Array.from({ length: SIGNIN_LIMITS.network.refuseAt }, (_, index) => ({
        email: `talalgatas-${index}@example.hu`,
        ip: office,
        createdAt: new Date(),
      })),
    });
    const colleague = await createUser(db.prisma);
    await expectTrpcError(
      (await clientCaller(db.prisma, { ip: office })).user.signin({
        email: colleague.email,
        password: colleague.password,
      }),
      'TOO_MANY_REQUESTS',
      SIGNIN_RATE_LIMITED_REASON,
    );
    expect(await signInFrom(user, office, deviceToken)).toHaveProperty('token');
    expect(await signInFrom(colleague, '203.0.113.10')).toHaveProperty('token');

    await db.prisma.signInFailure.updateMany({
      where: { ip: office },
      data: { createdAt: new Date(Date.now() - SIGNIN_LIMITS.network.windowMs - 1000) },
    });
    expect(await signInFrom(colleague, office)).toHaveProperty('token');
  });
});

describe('device tokens', () => {
  it('stores only a hash, renews the token at each sign-in and keeps one row per browser', async () => {
    const user = await createUser(db.prisma);
    const first = await signInFrom(user, '192.0.2.30');
    const stored = await db.prisma.trustedDevice.findMany({ where: { userId: user.id } });
    expect(stored).toEqual([expect.objectContaining({ tokenHash: hashToken(first.deviceToken) })]);
    expect(JSON.stringify(stored)).not.toContain(first.deviceToken);

    const second = await signInFrom(user, '192.0.2.30', first.deviceToken);
    expect(second.deviceToken).not.toBe(first.deviceToken);
    const renewed = await db.prisma.trustedDevice.findMany({ where: { userId: user.id } });
    expect(renewed.map((device) => device.id)).toEqual(stored.map((device) => device.id));
    expect(renewed[0]?.tokenHash).toBe(hashToken(second.deviceToken));
  });

  it('takes the device token from the sign-in body too, as the web client sends it', async () => {
    const user = await createUser(db.prisma);
    const { deviceToken } = await signInFrom(user, '192.0.2.35');
    await attackOn(user.email);
    const browser = await clientCaller(db.prisma, { ip: '203.0.113.5' });
    expect(
      await browser.user.signin({ email: user.email, password: user.password, deviceToken }),
    ).toHaveProperty('token');
  });

  it('a known device that keeps failing is refused and loses its trust', async () => {
    const user = await createUser(db.prisma);
    const { deviceToken } = await signInFrom(user, '192.0.2.40');
    const device = await clientCaller(db.prisma, { ip: '192.0.2.40', deviceToken });
    for (let attempt = 0; attempt < SIGNIN_LIMITS.source.refuseAt; attempt++) {
      await device.user.signin({ email: user.email, password: WRONG });
    }
    await expectTrpcError(
      device.user.signin({ email: user.email, password: user.password }),
      'TOO_MANY_REQUESTS',
    );
    expect(await db.prisma.trustedDevice.count({ where: { userId: user.id } })).toBe(0);
  }, 60_000);
});
