import type { PrismaClient } from '@shop/db';
import { DomainError } from '../errors';

/**
 * Failed sign-ins are counted in the database (every server sees the same numbers), per e-mail
 * address and per client IP. Past `slowAfter` failures each further attempt waits a little longer;
 * at `refuseAt` the attempt is refused outright until the window has passed. The count is kept
 * per e-mail text whether or not an account has it, so the answer reveals no account.
 *
 * An attempt is written down as a failure before its password is checked and struck off when the
 * password matches: counting only after the slow hash check would let many parallel guesses all
 * see the same low count.
 */
export type SigninLimits = {
  windowMs: number;
  email: { slowAfter: number; refuseAt: number };
  ip: { slowAfter: number; refuseAt: number };
  /** Added wait per failure past `slowAfter`, and its ceiling. */
  delayStepMs: number;
  maxDelayMs: number;
};

export const SIGNIN_LIMITS: SigninLimits = {
  windowMs: 15 * 60 * 1000,
  email: { slowAfter: 5, refuseAt: 10 },
  // Offices and mobile carriers put many shoppers behind one address, hence the larger numbers.
  ip: { slowAfter: 20, refuseAt: 100 },
  delayStepMs: 250,
  maxDelayMs: 2000,
};

export const SIGNIN_RATE_LIMITED_MESSAGE =
  'Túl sok sikertelen bejelentkezési kísérlet. Kérjük, várj 15 percet, vagy kérj új jelszót!';

export const PASSWORD_CHECK_RATE_LIMITED_MESSAGE =
  'Túl sokszor adtál meg hibás jelszót. Kérjük, várj 15 percet, mielőtt újra próbálod!';

export type SigninThrottle = { limits: SigninLimits; sleep: (ms: number) => Promise<void> };

export const defaultSigninThrottle: SigninThrottle = {
  limits: SIGNIN_LIMITS,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A pending attempt, already counted as a failure; `succeeded` strikes it off. */
export type ReservedAttempt = { succeeded(): Promise<void> };

type Counted = { key: string; ip: string; countIp: boolean };

// Namespaces of the two-key advisory lock, so an e-mail key and an IP key never share a lock.
const LOCK_BY_KEY = 1;
const LOCK_BY_IP = 2;

/**
 * Counts the recent failures and writes this attempt down in one transaction, serialised per key
 * (and per IP) with advisory locks taken always in the same order, so concurrent attempts queue
 * up and each sees the ones before it. Throws 429 at the limit without counting the refused try.
 */
async function reserve(
  prisma: PrismaClient,
  attempt: Counted,
  limits: SigninLimits,
  rateLimitedMessage: string,
  now: Date,
): Promise<{ id: number; excess: number }> {
  const since = new Date(now.getTime() - limits.windowMs);
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_BY_KEY}::int, hashtext(${attempt.key}))`;
    if (attempt.countIp) {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_BY_IP}::int, hashtext(${attempt.ip}))`;
    }
    // Rows older than the window count for nothing; dropping them here keeps the table small.
    await tx.signInFailure.deleteMany({
      where: {
        OR: attempt.countIp ? [{ email: attempt.key }, { ip: attempt.ip }] : [{ email: attempt.key }],
        createdAt: { lte: since },
      },
    });
    const byKey = await tx.signInFailure.count({ where: { email: attempt.key, createdAt: { gt: since } } });
    const byIp = attempt.countIp
      ? await tx.signInFailure.count({ where: { ip: attempt.ip, createdAt: { gt: since } } })
      : 0;
    if (byKey >= limits.email.refuseAt || (attempt.countIp && byIp >= limits.ip.refuseAt)) {
      throw new DomainError('rate_limited', rateLimitedMessage);
    }
    const row = await tx.signInFailure.create({
      data: { email: attempt.key, ip: attempt.ip, createdAt: now },
      select: { id: true },
    });
    const excess = Math.max(
      byKey - limits.email.slowAfter + 1,
      attempt.countIp ? byIp - limits.ip.slowAfter + 1 : 0,
      0,
    );
    return { id: row.id, excess };
  });
}

/**
 * Refuses (429) or slows down a sign-in according to the recent failures of its e-mail and IP,
 * and counts this attempt as a failure until `succeeded` is called.
 */
export async function reserveSigninAttempt(
  prisma: PrismaClient,
  attempt: { email: string; ip: string },
  { limits, sleep }: SigninThrottle = defaultSigninThrottle,
  now: Date = new Date(),
): Promise<ReservedAttempt> {
  const { excess } = await reserve(
    prisma,
    { key: attempt.email, ip: attempt.ip, countIp: true },
    limits,
    SIGNIN_RATE_LIMITED_MESSAGE,
    now,
  );
  if (excess > 0) await sleep(Math.min(excess * limits.delayStepMs, limits.maxDelayMs));
  // A successful sign-in clears its e-mail's failures; the IP's stay, they may belong to other accounts.
  return { succeeded: () => clearSigninFailures(prisma, attempt.email) };
}

/** The failure key of password confirmations on a signed-in session; it has no `@`, so no e-mail equals it. */
export function passwordCheckKey(userId: number): string {
  return `felhasznalo:${userId}`;
}

/**
 * Guards a password confirmation of a signed-in user (password or e-mail change, account
 * deletion): a stolen session must not become an unlimited password oracle. Counted per account
 * with the sign-in limits for one e-mail; the IP is not counted, it is not what is guessed.
 */
export async function reservePasswordCheck(
  prisma: PrismaClient,
  userId: number,
  limits: SigninLimits = SIGNIN_LIMITS,
  now: Date = new Date(),
): Promise<ReservedAttempt> {
  const key = passwordCheckKey(userId);
  await reserve(
    prisma,
    { key, ip: 'munkamenet', countIp: false },
    limits,
    PASSWORD_CHECK_RATE_LIMITED_MESSAGE,
    now,
  );
  return { succeeded: () => clearSigninFailures(prisma, key) };
}

export async function clearSigninFailures(prisma: PrismaClient, key: string): Promise<void> {
  await prisma.signInFailure.deleteMany({ where: { email: key } });
}
