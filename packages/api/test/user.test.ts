import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/context';
import { createCaller } from '../src/index';
import { SIGNIN_FAILED_MESSAGE } from '../src/schemas';
import {
  findSession,
  hashToken,
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_MAX_LIFETIME_MS,
  SESSION_TOUCH_INTERVAL_MS,
} from '../src/services/session';
import { callerFor, createUser, signIn, type TestUser } from './factories';
import { expectTrpcError } from './helpers';

let db: Database;
let customer: TestUser;

beforeAll(async () => {
  db = await createTestDatabase();
  customer = await createUser(db.prisma, 'customer', {
    email: 'vasarlo@example.hu',
    firstName: 'Éva',
    lastName: 'Kovács',
  });
});
afterAll(() => db?.close());

describe('user.signin', () => {
  it('answers a 256-bit token, stores only its hash and records the login', async () => {
    const visitor = await callerFor(db.prisma);
    const result = await visitor.user.signin({ email: ' Vasarlo@Example.hu ', password: customer.password });
    if (!('token' in result)) throw new Error(result.msg);
    expect(Buffer.from(result.token, 'base64url')).toHaveLength(32);
    const session = await db.prisma.session.findUnique({ where: { tokenHash: hashToken(result.token) } });
    expect(session?.userId).toBe(customer.id);
    expect(await db.prisma.session.count({ where: { tokenHash: result.token } })).toBe(0);
    const user = await db.prisma.user.findUniqueOrThrow({ where: { id: customer.id } });
    expect(user.lastLoginAt).not.toBeNull();
  });

  it('gives the same msg for a wrong password and an unknown e-mail, never an error', async () => {
    const visitor = await callerFor(db.prisma);
    expect(await visitor.user.signin({ email: customer.email, password: 'rossz-jelszo' })).toEqual({
      msg: SIGNIN_FAILED_MESSAGE,
    });
    expect(await visitor.user.signin({ email: 'senki@example.hu', password: customer.password })).toEqual({
      msg: 'Hibás felhasználónév vagy jelszó!',
    });
    expect(await visitor.user.signin({ email: '', password: '' })).toEqual({ msg: SIGNIN_FAILED_MESSAGE });
  });
});

describe('sessions', () => {
  it('reads the token from the token header and from Authorization: Bearer', async () => {
    const token = await signIn(db.prisma, customer);
    const viaHeader = await callerFor(db.prisma, { token });
    expect(await viaHeader.user.details()).toEqual({
      id: customer.id,
      email: 'vasarlo@example.hu',
      firstName: 'Éva',
      lastName: 'Kovács',
      role: 'customer',
      phone: null,
      companyName: null,
      taxNumber: null,
      newsletter: false,
      group: null,
      createdAt: expect.any(String),
      staffRole: null,
      permissions: [],
      refundLimit: null,
    });
    const bearer = createCaller(
      await createContext({ prisma: db.prisma, headers: new Headers({ authorization: `Bearer ${token}` }) }),
    );
    expect((await bearer.user.details()).id).toBe(customer.id);
    const nodeHeaders = createCaller(await createContext({ prisma: db.prisma, headers: { token } }));
    expect((await nodeHeaders.user.details()).id).toBe(customer.id);
  });

  it('refuses protected procedures without a session with 401 and the Hungarian message', async () => {
    const anonymous = await callerFor(db.prisma);
    await expectTrpcError(
      anonymous.user.details(),
      'UNAUTHORIZED',
      'A munkamenet lejárt. Jelentkezz be újra!',
    );
    const unknown = await callerFor(db.prisma, { token: 'nem-letezo-token' });
    await expectTrpcError(unknown.user.details(), 'UNAUTHORIZED');
  });

  it('signs out by revoking the session, so the token no longer works', async () => {
    const token = await signIn(db.prisma, customer);
    const caller = await callerFor(db.prisma, { token });
    expect(await caller.user.signout()).toEqual({ ok: true });
    const afterwards = await callerFor(db.prisma, { token });
    await expectTrpcError(afterwards.user.details(), 'UNAUTHORIZED');
    await expectTrpcError(afterwards.user.signout(), 'UNAUTHORIZED');
  });

  it('treats an expired session as none (401) and removes it', async () => {
    const token = await signIn(db.prisma, customer);
    const idleSince = new Date(Date.now() - SESSION_IDLE_TIMEOUT_MS - 1000);
    await db.prisma.session.update({
      where: { tokenHash: hashToken(token) },
      data: { lastUsedAt: idleSince, expiresAt: new Date(Date.now() - 1000) },
    });
    const caller = await callerFor(db.prisma, { token });
    await expectTrpcError(caller.user.details(), 'UNAUTHORIZED', 'A munkamenet lejárt. Jelentkezz be újra!');
    expect(await db.prisma.session.count({ where: { tokenHash: hashToken(token) } })).toBe(0);
  });

  it('slides the expiry on use, writing at most once per touch interval', async () => {
    const token = await signIn(db.prisma, customer);
    const where = { tokenHash: hashToken(token) };
    const fresh = await db.prisma.session.findUniqueOrThrow({ where });
    await callerFor(db.prisma, { token });
    expect((await db.prisma.session.findUniqueOrThrow({ where })).lastUsedAt).toEqual(fresh.lastUsedAt);

    const old = new Date(Date.now() - SESSION_TOUCH_INTERVAL_MS - 5000);
    await db.prisma.session.update({
      where,
      data: { lastUsedAt: old, expiresAt: new Date(old.getTime() + SESSION_IDLE_TIMEOUT_MS) },
    });
    await callerFor(db.prisma, { token });
    const touched = await db.prisma.session.findUniqueOrThrow({ where });
    expect(touched.lastUsedAt.getTime()).toBeGreaterThan(old.getTime());
    expect(touched.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_IDLE_TIMEOUT_MS - 60_000);
  });

  it('ends a session 90 days after its sign-in however often it is used', async () => {
    const token = await signIn(db.prisma, customer);
    const where = { tokenHash: hashToken(token) };
    const { createdAt } = await db.prisma.session.findUniqueOrThrow({ where });
    const day = 24 * 60 * 60 * 1000;
    const at = (ms: number) => new Date(createdAt.getTime() + ms);
    // Used every 29 days, it never sits idle long enough to end that way …
    for (const days of [29, 58, 87])
      expect(await findSession(db.prisma, token, at(days * day))).not.toBeNull();
    // … and its expiry, pushed on each use, stops at the maximum lifetime.
    expect((await db.prisma.session.findUniqueOrThrow({ where })).expiresAt).toEqual(
      at(SESSION_MAX_LIFETIME_MS),
    );
    expect(SESSION_MAX_LIFETIME_MS).toBe(90 * day);
    expect(await findSession(db.prisma, token, at(SESSION_MAX_LIFETIME_MS - 1000))).not.toBeNull();
    expect(await findSession(db.prisma, token, at(SESSION_MAX_LIFETIME_MS))).toBeNull();
    expect(await db.prisma.session.count({ where })).toBe(0);
  });

  it('refuses (401) a session signed in more than 90 days ago, even one used a minute ago with a later expiry', async () => {
    const token = await signIn(db.prisma, customer);
    const now = Date.now();
    await db.prisma.session.update({
      where: { tokenHash: hashToken(token) },
      data: {
        createdAt: new Date(now - SESSION_MAX_LIFETIME_MS - 1000),
        lastUsedAt: new Date(now - 60_000),
        expiresAt: new Date(now + SESSION_IDLE_TIMEOUT_MS),
      },
    });
    const caller = await callerFor(db.prisma, { token });
    await expectTrpcError(caller.user.details(), 'UNAUTHORIZED', 'A munkamenet lejárt. Jelentkezz be újra!');
  });

  it('ends the sessions of a user whose account was anonymised', async () => {
    const other = await createUser(db.prisma);
    const token = await signIn(db.prisma, other);
    await db.prisma.user.update({ where: { id: other.id }, data: { anonymizedAt: new Date() } });
    await expectTrpcError((await callerFor(db.prisma, { token })).user.details(), 'UNAUTHORIZED');
    expect(
      await (await callerFor(db.prisma)).user.signin({ email: other.email, password: other.password }),
    ).toEqual({
      msg: SIGNIN_FAILED_MESSAGE,
    });
  });
});
