import type { Database, PrismaClient } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NEW_PASSWORD_MESSAGE, SIGNIN_FAILED_MESSAGE } from '../src/schemas';
import { GUESSABLE_PASSWORD_MESSAGE } from '../src/services/password-policy';
import { DEFAULT_REQUEST_LIMITS, PASSWORD_RESET_RATE_LIMITED_MESSAGE } from '../src/services/request-limits';
import { hashToken } from '../src/services/session';
import { RESET_LINK_INVALID_MESSAGE } from '../src/services/user';
import { clientCaller, type Mailbox, openMailbox } from './account-fixtures';
import { createBuiltInEmailTemplates } from './email-fixtures';
import { createAdmin, createUser, type SignedIn, signIn } from './factories';
import { expectTrpcError } from './helpers';

let db: Database;
let mailbox: Mailbox;
let admin: SignedIn;

beforeAll(async () => {
  db = await createTestDatabase();
  await createBuiltInEmailTemplates(db.prisma);
  mailbox = await openMailbox(db.prisma);
  admin = await createAdmin(db.prisma);
});
afterAll(async () => {
  await mailbox?.close();
  await db?.close();
});
// Each test asks from its own address and for its own accounts; the buckets are the only shared count.
beforeEach(async () => {
  await db.prisma.rateLimitBucket.deleteMany();
});

/** Every row of the tables a reset touches, as text: where a leaked link would show. */
async function everythingStored(): Promise<string> {
  const [outbox, tokens, failures, buckets] = await Promise.all([
    db.prisma.emailOutbox.findMany(),
    db.prisma.passwordResetToken.findMany(),
    db.prisma.signInFailure.findMany(),
    db.prisma.rateLimitBucket.findMany(),
  ]);
  return JSON.stringify({ outbox, tokens, failures, buckets });
}

describe('a reset link exists only in the mailbox', () => {
  it('mails a working link to an account, and no database row or admin answer holds it', async () => {
    const user = await createUser(db.prisma);
    const visitor = await clientCaller(db.prisma, { ip: '198.51.100.31' });
    expect(await visitor.user.newPassword({ email: user.email.toUpperCase() })).toEqual({
      ok: true,
      message: NEW_PASSWORD_MESSAGE,
    });
    const token = await mailbox.resetTokenFor(user.email);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(
      (await db.prisma.passwordResetToken.findFirstOrThrow({ where: { userId: user.id } })).tokenHash,
    ).toBe(hashToken(token));

    expect(await everythingStored()).not.toContain(token);
    const listed = await admin.caller.email.outboxList({ search: user.email });
    expect(listed.items).toHaveLength(1);
    const shown = await admin.caller.email.outboxById({ id: listed.items[0]?.id ?? 0 });
    expect(JSON.stringify([listed, shown])).not.toContain(token);
    expect(shown.html).not.toContain('/newpassword/');

    // The mailed link is the working one.
    const { token: session } = await visitor.user.resetPassword({ token, password: 'Vadonatuj-jelszo-7' });
    expect((await (await clientCaller(db.prisma, { token: session })).user.details()).id).toBe(user.id);
  });

  it('answers an unknown address the same, mails it nothing and keeps nothing of it once delivered', async () => {
    const visitor = await clientCaller(db.prisma, { ip: '198.51.100.32' });
    expect(await visitor.user.newPassword({ email: 'senki-mas@example.hu' })).toEqual({
      ok: true,
      message: NEW_PASSWORD_MESSAGE,
    });
    const known = await createUser(db.prisma);
    await visitor.user.newPassword({ email: known.email });
    await mailbox.resetTokenFor(known.email);
    expect(mailbox.sink.messages.some((message) => message.to.includes('senki-mas@example.hu'))).toBe(false);
    expect(await db.prisma.emailOutbox.count({ where: { to: 'senki-mas@example.hu' } })).toBe(0);
  });
});

/** The Prisma operations a piece of work runs, with the address and the clock taken out. */
async function operationsOf(
  prisma: PrismaClient,
  work: (client: PrismaClient) => Promise<unknown>,
  email: string,
) {
  const operations: string[] = [];
  const recording = prisma.$extends({
    query: {
      async $allOperations({ model, operation, args, query }) {
        operations.push(
          `${model ?? '$'}.${operation} ${JSON.stringify(args)}`
            .replaceAll(email, '<cím>')
            .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<idő>'),
        );
        return query(args);
      },
    },
  }) as unknown as PrismaClient;
  await work(recording);
  return operations;
}

describe('the same work whether or not the address has an account', () => {
  it('runs the very same database statements for a known and an unknown address', async () => {
    const user = await createUser(db.prisma);
    const unknown = 'nincs-fiokja@example.hu';
    const ask = (email: string) => async (client: PrismaClient) =>
      (await clientCaller(client, { ip: '198.51.100.33' })).user.newPassword({ email });

    const forUnknown = await operationsOf(db.prisma, ask(unknown), unknown);
    await db.prisma.rateLimitBucket.deleteMany();
    const forKnown = await operationsOf(db.prisma, ask(user.email), user.email);

    expect(forKnown.length).toBeGreaterThan(0);
    expect(forKnown).toEqual(forUnknown);
    // Nothing on the request path looks the account up: that happens in the outbox worker.
    expect(forKnown.join('\n')).not.toMatch(/^user\./m);
  });
});

describe('limits', () => {
  it('sends at most three links an hour to one address, still with the same answer', async () => {
    const user = await createUser(db.prisma);
    const visitor = await clientCaller(db.prisma, { ip: '198.51.100.34' });
    for (let request = 0; request < 5; request++) {
      expect(await visitor.user.newPassword({ email: user.email })).toEqual({
        ok: true,
        message: NEW_PASSWORD_MESSAGE,
      });
    }
    expect(await db.prisma.emailOutbox.count({ where: { to: user.email } })).toBe(
      DEFAULT_REQUEST_LIMITS.passwordResetPerEmail.limit,
    );
  });

  it('refuses (429) one address asking too often, in Hungarian, while others still may', async () => {
    const visitor = await clientCaller(db.prisma, { ip: '198.51.100.35' });
    for (let request = 0; request < DEFAULT_REQUEST_LIMITS.passwordResetPerIp.limit; request++) {
      await visitor.user.newPassword({ email: `kerdezo-${request}@example.hu` });
    }
    await expectTrpcError(
      visitor.user.newPassword({ email: 'kerdezo-x@example.hu' }),
      'TOO_MANY_REQUESTS',
      PASSWORD_RESET_RATE_LIMITED_MESSAGE,
    );
    const other = await clientCaller(db.prisma, { ip: '198.51.100.36' });
    expect(await other.user.newPassword({ email: 'kerdezo-x@example.hu' })).toHaveProperty('ok', true);
  });
});

describe('using the link', () => {
  it('sets the new password, ends every other session and known device, and refuses the link a second time', async () => {
    const user = await createUser(db.prisma);
    const oldSession = await signIn(db.prisma, user);
    expect(await db.prisma.trustedDevice.count({ where: { userId: user.id } })).toBe(1);
    const visitor = await clientCaller(db.prisma, { ip: '198.51.100.37' });
    await visitor.user.newPassword({ email: user.email });
    const token = await mailbox.resetTokenFor(user.email);

    const result = await visitor.user.resetPassword({ token, password: 'Vadonatuj-jelszo-7' });
    expect((await (await clientCaller(db.prisma, { token: result.token })).user.details()).id).toBe(user.id);
    await expectTrpcError(
      (await clientCaller(db.prisma, { token: oldSession })).user.details(),
      'UNAUTHORIZED',
    );
    expect(await db.prisma.trustedDevice.count({ where: { userId: user.id } })).toBe(0);
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

  it('refuses an expired, an unknown, a weak and a common-password reset', async () => {
    const user = await createUser(db.prisma);
    const visitor = await clientCaller(db.prisma, { ip: '198.51.100.38' });
    await visitor.user.newPassword({ email: user.email });
    const token = await mailbox.resetTokenFor(user.email);
    await expectTrpcError(
      visitor.user.resetPassword({ token, password: 'rovid' }),
      'BAD_REQUEST',
      /^Hibás adat: password – /,
    );
    await expectTrpcError(
      visitor.user.resetPassword({ token, password: 'Password1' }),
      'BAD_REQUEST',
      GUESSABLE_PASSWORD_MESSAGE,
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
});
