import { randomBytes } from 'node:crypto';
import { hashPassword, Prisma, type PrismaClient, type Role, verifyPassword } from '@shop/db';
import { DomainError, MESSAGES } from '../errors';
import {
  NEW_PASSWORD_MESSAGE,
  SIGNIN_FAILED_MESSAGE,
  type TChangeEmailInput,
  type TChangePasswordInput,
  type TNewPasswordOutput,
  type TResetPasswordInput,
  type TSigninInput,
  type TSigninOutput,
  type TSignupInput,
  type TTokenOutput,
  type TUserDetails,
  type TUserDetailsUpdateInput,
} from '../schemas';
import { formatBudapestTime } from './email/format';
import { enqueueTemplatedEmail } from './email/outbox';
import { enqueuePasswordResetEmail } from './email/password-reset-mail';
import { setAccountNewsletter } from './newsletter/subscriptions';
import { assertPasswordNotGuessable } from './password-policy';
import { guardPasswordResetRequest, guardSignup, type RequestLimits } from './request-limits';
import { createSession, hashToken, revokeSession } from './session';
import { findTrustedDevice, issueDeviceToken, type TrustedDeviceRef } from './trusted-device';
import {
  defaultSigninThrottle,
  networkSource,
  reservePasswordCheck,
  reserveSigninAttempt,
  type SigninSource,
  type SigninThrottle,
} from './user-throttle';
import { changedUserSelect, enqueueCustomerChanged } from './webhooks/customer-events';

export const EMAIL_TAKEN_MESSAGE =
  'Ezzel az e-mail-címmel már regisztráltak. Jelentkezz be, vagy kérj új jelszót!';
export const WRONG_PASSWORD_MESSAGE = 'A megadott jelszó hibás.';
export const RESET_LINK_INVALID_MESSAGE =
  'Az új jelszó beállítására szolgáló link érvénytelen, már felhasználták, vagy lejárt. Kérj új linket!';

/** What a client may send as a sign-in e-mail, in the one form the database stores. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase().slice(0, 254);
}

export const userDetailsSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  role: true,
  phone: true,
  companyName: true,
  taxNumber: true,
  newsletter: true,
  createdAt: true,
  group: { select: { id: true, name: true, discountPercent: true } },
  staffRole: { select: { id: true, name: true, permissions: true, refundLimit: true } },
} as const satisfies Prisma.UserSelect;

type UserDetailsRow = Prisma.UserGetPayload<{ select: typeof userDetailsSelect }>;

export function toUserDetails({ staffRole, ...row }: UserDetailsRow): TUserDetails {
  return { ...row, createdAt: row.createdAt.toISOString(), ...staffAccess(row.role, staffRole) };
}

/**
 * A user's role and permissions as answers show them, by the session's rule (services/session.ts):
 * the owner null (everything), staff the role's, customers none.
 */
export function staffAccess(
  role: Role,
  staffRole: { id: number; name: string; permissions: string[]; refundLimit: number | null } | null,
): Pick<TUserDetails, 'staffRole' | 'permissions' | 'refundLimit'> {
  return {
    staffRole: staffRole && { id: staffRole.id, name: staffRole.name },
    permissions: role !== 'admin' ? [] : staffRole ? staffRole.permissions : null,
    refundLimit: staffRole?.refundLimit ?? null,
  };
}

function emailTaken(cause?: unknown): DomainError {
  return new DomainError(
    'conflict',
    EMAIL_TAKEN_MESSAGE,
    [{ path: 'email', message: EMAIL_TAKEN_MESSAGE }],
    cause ? { cause } : undefined,
  );
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

function wrongPassword(path: string): DomainError {
  return new DomainError('invalid_input', WRONG_PASSWORD_MESSAGE, [
    { path, message: WRONG_PASSWORD_MESSAGE },
  ]);
}

/**
 * Checks the current password of a signed-in user, counting wrong ones per account (429 past the
 * limit), and throws the field error `path` when it does not match.
 */
export async function confirmCurrentPassword(
  prisma: PrismaClient,
  userId: number,
  passwordHash: string,
  password: string,
  path: string,
): Promise<void> {
  const reserved = await reservePasswordCheck(prisma, userId);
  if (!(await verifyPassword(passwordHash, password))) throw wrongPassword(path);
  await reserved.succeeded();
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash made with the same parameters as real ones, checked when the e-mail is unknown,
 * so a failed sign-in takes as long whether or not the account exists.
 */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('hex'));
  return dummyHash;
}

export type ClientInfo = { userAgent?: string | null; ip?: string | null };

/** What may make a sign-in's browser known to the account: its device token, or a live session. */
export type KnownClient = {
  deviceToken?: string | null;
  session?: { id: number; user: { id: number } } | null;
};

/** A known device or session counts only for its own account; anything else is its network. */
function signinSource(
  userId: number | undefined,
  device: TrustedDeviceRef | null,
  client: ClientInfo & KnownClient,
): SigninSource {
  if (userId !== undefined && device?.userId === userId) return { kind: 'device', deviceId: device.id };
  if (userId !== undefined && client.session?.user.id === userId) {
    return { kind: 'session', sessionId: client.session.id };
  }
  return networkSource(client.ip);
}

/**
 * Signs in with e-mail and password, throttled per source and network (user-throttle.ts). Success
 * answers a session token and the browser's device token, which it sends back on later sign-ins.
 */
export async function signin(
  prisma: PrismaClient,
  input: TSigninInput,
  client: ClientInfo & KnownClient = {},
  throttle: SigninThrottle = defaultSigninThrottle,
): Promise<TSigninOutput> {
  const email = normalizeEmail(input.email);
  const fallbackHash = await dummyPasswordHash();
  const user = email
    ? await prisma.user.findUnique({
        where: { email },
        select: { id: true, passwordHash: true, anonymizedAt: true, suspendedAt: true },
      })
    : null;
  // A suspended staff account fails as a wrong password does, so the answer tells nobody it exists.
  const usable = user && !user.anonymizedAt && !user.suspendedAt ? user : null;
  const device = await findTrustedDevice(prisma, input.deviceToken ?? client.deviceToken);
  const source = signinSource(usable?.id, device, client);
  const reserved = await reserveSigninAttempt(prisma, { email, source }, throttle);

  const matches = await verifyPassword(usable?.passwordHash ?? fallbackHash, input.password);
  // The attempt stays counted as a failure unless the password matched.
  if (!usable || !matches) return { msg: SIGNIN_FAILED_MESSAGE };

  const now = new Date();
  const answer = await prisma.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: usable.id },
      data: { lastLoginAt: now },
      select: { id: true },
    });
    const deviceToken = await issueDeviceToken(
      tx,
      usable.id,
      source.kind === 'device' ? source.deviceId : null,
      now,
    );
    return {
      token: await createSession(tx, usable.id, { userAgent: client.userAgent ?? null, now }),
      deviceToken,
    };
  });
  await reserved.succeeded();
  return answer;
}

/** Creates a customer, signs them in and queues the welcome e-mail and `customer.changed`, all or nothing. */
export async function signup(
  prisma: PrismaClient,
  input: TSignupInput,
  client: ClientInfo & { publicUrl: string; limits: RequestLimits },
): Promise<TTokenOutput> {
  await guardSignup(prisma, client.ip, client.limits);
  await assertPasswordNotGuessable(prisma, input.password, { path: 'password', email: input.email });
  const taken = await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (taken) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  try {
    const token = await prisma.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          email: input.email,
          passwordHash,
          role: 'customer',
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone ?? null,
          // Becomes true when the confirmation link is clicked (services/newsletter).
          newsletter: false,
          termsAcceptedAt: now,
          lastLoginAt: now,
        },
        select: { ...changedUserSelect, email: true, firstName: true, lastName: true },
      });
      await enqueueCustomerChanged(tx, 'created', user);
      if (input.newsletter) {
        await setAccountNewsletter(tx, user, true, {
          source: 'registration',
          publicUrl: client.publicUrl,
          now,
        });
      }
      await enqueueTemplatedEmail(tx, {
        templateKey: 'registration',
        to: user.email,
        variables: {
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          shopUrl: client.publicUrl,
        },
      });
      return createSession(tx, user.id, { userAgent: client.userAgent ?? null, now });
    });
    return { token };
  } catch (error) {
    // Two sign-ups with one address at the same moment: the database decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw emailTaken(error);
    throw error;
  }
}

/**
 * Always the same answer, and the same work, whether or not the address has an account: the
 * request only counts its limits and queues a linkless e-mail. Whether an account exists is decided
 * by the outbox worker, which creates the token and the link at send time (password-reset-mail.ts).
 */
export async function requestPasswordReset(
  prisma: PrismaClient,
  email: string,
  client: { ip?: string | null; limits: RequestLimits },
): Promise<TNewPasswordOutput> {
  const address = normalizeEmail(email);
  const { send } = await guardPasswordResetRequest(prisma, { ip: client.ip, email: address }, client.limits);
  if (send) await enqueuePasswordResetEmail(prisma, address);
  return { ok: true as const, message: NEW_PASSWORD_MESSAGE };
}

/**
 * Sets the password from a reset link, uses up every open link of the account, ends all its
 * sessions and signs the caller in with a new one.
 */
export async function resetPassword(
  prisma: PrismaClient,
  input: TResetPasswordInput,
  client: ClientInfo = {},
  now: Date = new Date(),
): Promise<TTokenOutput> {
  const invalid = () =>
    new DomainError('invalid_input', RESET_LINK_INVALID_MESSAGE, [
      { path: 'token', message: RESET_LINK_INVALID_MESSAGE },
    ]);
  const tokenHash = hashToken(input.token);
  const isLive = (
    record: {
      usedAt: Date | null;
      expiresAt: Date;
      user: { anonymizedAt: Date | null; suspendedAt: Date | null };
    } | null,
  ) =>
    record !== null &&
    !record.usedAt &&
    record.expiresAt.getTime() > now.getTime() &&
    !record.user.anonymizedAt &&
    !record.user.suspendedAt;
  const select = {
    id: true,
    userId: true,
    usedAt: true,
    expiresAt: true,
    user: { select: { email: true, anonymizedAt: true, suspendedAt: true } },
  } as const;

  // Checked before the slow hashing, so a guessed token costs the server nothing.
  const live = await prisma.passwordResetToken.findUnique({ where: { tokenHash }, select });
  if (!live || !isLive(live)) throw invalid();
  await assertPasswordNotGuessable(prisma, input.password, { path: 'password', email: live.user.email });
  const passwordHash = await hashPassword(input.password);

  return prisma.$transaction(async (tx) => {
    const record = await tx.passwordResetToken.findUnique({ where: { tokenHash }, select });
    if (!record || !isLive(record)) throw invalid();
    // Claiming the token with a conditional update makes a link usable once even under concurrent use.
    const claimed = await tx.passwordResetToken.updateMany({
      where: { id: record.id, usedAt: null },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) throw invalid();
    await tx.passwordResetToken.updateMany({
      where: { userId: record.userId, usedAt: null },
      data: { usedAt: now },
    });
    await tx.user.update({
      where: { id: record.userId },
      data: { passwordHash, lastLoginAt: now },
      select: { id: true },
    });
    await tx.session.deleteMany({ where: { userId: record.userId } });
    // Whoever knew the old password may have made their browser a known device; it is known no more.
    await tx.trustedDevice.deleteMany({ where: { userId: record.userId } });
    // The owner proved access to the mailbox: a lock-out from someone else's guessing ends here.
    await tx.signInFailure.deleteMany({ where: { email: record.user.email } });
    return { token: await createSession(tx, record.userId, { userAgent: client.userAgent ?? null, now }) };
  });
}

export async function getUserDetails(prisma: PrismaClient, userId: number): Promise<TUserDetails> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: userDetailsSelect });
  // The session was valid a moment ago; a user deleted since then has effectively signed out.
  if (!user) throw new DomainError('unauthenticated', MESSAGES.sessionExpired);
  return toUserDetails(user);
}

/** The newsletter switch goes through the newsletter list: on asks for a confirmation e-mail, off withdraws. */
export async function updateUserDetails(
  prisma: PrismaClient,
  userId: number,
  input: TUserDetailsUpdateInput,
  client: { publicUrl: string },
): Promise<TUserDetails> {
  const { newsletter, ...fields } = input;
  return prisma.$transaction(async (tx) => {
    if (newsletter !== undefined) {
      const account = await tx.user.findUniqueOrThrow({
        where: { id: userId },
        select: { id: true, email: true },
      });
      await setAccountNewsletter(tx, account, newsletter, { source: 'account', publicUrl: client.publicUrl });
    }
    const { updatedAt, ...user } = await tx.user.update({
      where: { id: userId },
      data: fields,
      select: { ...userDetailsSelect, updatedAt: true },
    });
    await enqueueCustomerChanged(tx, 'updated', { ...user, updatedAt });
    return toUserDetails(user);
  });
}

/** Also ends the account's other sessions and open reset links: a changed password locks out whoever knew the old one. */
export async function changePassword(
  prisma: PrismaClient,
  session: { userId: number; sessionId: number },
  input: TChangePasswordInput,
): Promise<void> {
  const user = await prisma.user.findUnique({
    where: { id: session.userId },
    select: { passwordHash: true, email: true },
  });
  if (!user) throw new DomainError('unauthenticated', MESSAGES.sessionExpired);
  await confirmCurrentPassword(prisma, session.userId, user.passwordHash, input.oldPassword, 'oldPassword');
  await assertPasswordNotGuessable(prisma, input.newPassword, { path: 'newPassword', email: user.email });
  const passwordHash = await hashPassword(input.newPassword);
  await prisma.$transaction([
    prisma.user.update({ where: { id: session.userId }, data: { passwordHash }, select: { id: true } }),
    prisma.session.deleteMany({ where: { userId: session.userId, id: { not: session.sessionId } } }),
    prisma.passwordResetToken.updateMany({
      where: { userId: session.userId, usedAt: null },
      data: { usedAt: new Date() },
    }),
  ]);
}

/**
 * Moves the account to a new address. Whoever changed it may not be the owner (a known password, a
 * borrowed session): the account's other sessions end, reset links mailed to the old address are
 * used up, and the old address is told, without any link, what changed and what to do if it was
 * not them. The current session stays.
 */
export async function changeEmail(
  prisma: PrismaClient,
  session: { userId: number; sessionId: number },
  input: TChangeEmailInput,
  client: { publicUrl: string },
  now: Date = new Date(),
): Promise<TUserDetails> {
  const { userId } = session;
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { passwordHash: true, email: true, firstName: true },
  });
  if (!user) throw new DomainError('unauthenticated', MESSAGES.sessionExpired);
  await confirmCurrentPassword(prisma, userId, user.passwordHash, input.password, 'password');
  if (input.email === user.email) return getUserDetails(prisma, userId);
  const taken = await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (taken) throw emailTaken();
  try {
    return await prisma.$transaction(async (tx) => {
      const { updatedAt, ...updated } = await tx.user.update({
        where: { id: userId },
        data: { email: input.email },
        select: { ...userDetailsSelect, updatedAt: true },
      });
      await enqueueCustomerChanged(tx, 'updated', { ...updated, updatedAt });
      await tx.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
      await tx.session.deleteMany({ where: { userId, id: { not: session.sessionId } } });
      await enqueueTemplatedEmail(tx, {
        templateKey: 'email_changed',
        to: user.email,
        variables: {
          firstName: user.firstName,
          previousEmail: user.email,
          email: input.email,
          changedAt: formatBudapestTime(now),
          shopUrl: client.publicUrl,
        },
      });
      return toUserDetails(updated);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken(error);
    throw error;
  }
}

export async function signout(prisma: PrismaClient, sessionId: number): Promise<void> {
  await revokeSession(prisma, sessionId);
}
