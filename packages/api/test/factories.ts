import { randomBytes } from 'node:crypto';
import { hashPassword, type PrismaClient, type Role } from '@shop/db';
import type { VersionedCache } from '../src/cache';
import { createContext } from '../src/context';
import { createCaller } from '../src/index';
import type { BarionHosts } from '../src/services/checkout/payment-settings';
import type { BarionConfig } from '../src/services/payments/barion-client';
import type { RequestLimits } from '../src/services/request-limits';

export type Caller = ReturnType<typeof createCaller>;

/**
 * Tests of ordering place many guest orders from one address to one e-mail; the guest-order limits
 * have tests of their own (order-limits.test.ts), which call as a client with the real limits.
 */
const UNLIMITED_GUEST_ORDERS: Partial<RequestLimits> = {
  guestOrderPerIp: { limit: 100_000, windowMs: 60_000 },
  guestOrderPerEmail: { limit: 100_000, windowMs: 60_000 },
};

/** A caller as the HTTP layer would build it: from headers, through `createContext`. */
export async function callerFor(
  prisma: PrismaClient,
  options: {
    token?: string;
    cache?: VersionedCache;
    barion?: BarionConfig;
    idempotencyKey?: string;
    encryptionKey?: Buffer;
    barionHosts?: BarionHosts;
    userAgent?: string;
  } = {},
): Promise<Caller> {
  const headers = new Headers({
    ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
    ...(options.token ? { token: options.token } : {}),
    ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
  });
  return createCaller(
    await createContext({
      prisma,
      headers,
      ip: '127.0.0.1',
      cache: options.cache,
      barion: options.barion,
      encryptionKey: options.encryptionKey,
      barionHosts: options.barionHosts,
      requestLimits: UNLIMITED_GUEST_ORDERS,
    }),
  );
}

export type TestUser = { id: number; email: string; password: string; role: Role };

/** Hashing is slow on purpose (argon2id), so every factory user shares one hash. */
const PASSWORD = 'Jelszo-123456';
let passwordHash: Promise<string> | undefined;

export async function createUser(
  prisma: PrismaClient,
  role: Role = 'customer',
  overrides: { email?: string; firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = overrides.email ?? `${role}-${randomBytes(4).toString('hex')}@example.hu`;
  const user = await prisma.user.create({
    data: {
      email,
      passwordHash: await passwordHash,
      role,
      firstName: overrides.firstName ?? 'Teszt',
      lastName: overrides.lastName ?? (role === 'admin' ? 'Admin' : 'Vásárló'),
    },
    select: { id: true },
  });
  return { id: user.id, email, password: PASSWORD, role };
}

/** Signs the user in through the real procedure and answers its token. */
export async function signIn(
  prisma: PrismaClient,
  user: { email: string; password: string },
): Promise<string> {
  const anonymous = await callerFor(prisma);
  const result = await anonymous.user.signin({ email: user.email, password: user.password });
  if (!('token' in result)) throw new Error(`A tesztfelhasználó nem tudott belépni: ${result.msg}`);
  return result.token;
}

export type SignedIn = TestUser & { token: string; caller: Caller };

export async function signedIn(prisma: PrismaClient, role: Role = 'customer'): Promise<SignedIn> {
  const user = await createUser(prisma, role);
  const token = await signIn(prisma, user);
  return { ...user, token, caller: await callerFor(prisma, { token }) };
}

export const createAdmin = (prisma: PrismaClient) => signedIn(prisma, 'admin');
export const createCustomer = (prisma: PrismaClient) => signedIn(prisma, 'customer');
