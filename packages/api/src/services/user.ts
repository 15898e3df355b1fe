import { randomBytes } from 'node:crypto';
import { hashPassword, type PrismaClient, verifyPassword } from '@shop/db';
import { DomainError, MESSAGES } from '../errors';
import { SIGNIN_FAILED_MESSAGE, type TSigninInput, type TSigninOutput, type TUserDetails } from '../schemas';
import { createSession, revokeSession } from './session';

let dummyHash: Promise<string> | undefined;

/**
 * A hash made with the same parameters as real ones, checked when the e-mail is unknown,
 * so a failed sign-in takes as long whether or not the account exists.
 */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('hex'));
  return dummyHash;
}

export async function signin(
  prisma: PrismaClient,
  input: TSigninInput,
  client: { userAgent?: string | null } = {},
): Promise<TSigninOutput> {
  const email = input.email.trim().toLowerCase();
  const fallbackHash = await dummyPasswordHash();
  const user = email
    ? await prisma.user.findUnique({
        where: { email },
        select: { id: true, passwordHash: true, anonymizedAt: true },
      })
    : null;
  const usable = user && !user.anonymizedAt ? user : null;
  const matches = await verifyPassword(usable?.passwordHash ?? fallbackHash, input.password);
  if (!usable || !matches) return { msg: SIGNIN_FAILED_MESSAGE };

  const token = await prisma.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: usable.id },
      data: { lastLoginAt: new Date() },
      select: { id: true },
    });
    return createSession(tx, usable.id, { userAgent: client.userAgent ?? null });
  });
  return { token };
}

export async function getUserDetails(prisma: PrismaClient, userId: number): Promise<TUserDetails> {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, firstName: true, lastName: true, role: true },
  });
  // The session was valid a moment ago; a user deleted since then has effectively signed out.
  if (!user) throw new DomainError('unauthenticated', MESSAGES.sessionExpired);
  return user;
}

export async function signout(prisma: PrismaClient, sessionId: number): Promise<void> {
  await revokeSession(prisma, sessionId);
}
