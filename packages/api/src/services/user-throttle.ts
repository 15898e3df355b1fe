import type { PrismaClient } from '@shop/db';
import { DomainError } from '../errors';

/**
 * Failed sign-ins are counted in the database (every server sees the same numbers), per e-mail
 * address and per client IP. Past `slowAfter` failures each further attempt waits a little longer;
 * at `refuseAt` the attempt is refused outright until the window has passed. The count is kept
 * per e-mail text whether or not an account has it, so the answer reveals no account.
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

export type SigninThrottle = { limits: SigninLimits; sleep: (ms: number) => Promise<void> };

export const defaultSigninThrottle: SigninThrottle = {
  limits: SIGNIN_LIMITS,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Refuses (429) or slows down an attempt according to the recent failures of its e-mail and IP. */
export async function throttleSignin(
  prisma: PrismaClient,
  attempt: { email: string; ip: string },
  { limits, sleep }: SigninThrottle = defaultSigninThrottle,
  now: Date = new Date(),
): Promise<void> {
  const since = new Date(now.getTime() - limits.windowMs);
  const [byEmail, byIp] = await Promise.all([
    prisma.signInFailure.count({ where: { email: attempt.email, createdAt: { gt: since } } }),
    prisma.signInFailure.count({ where: { ip: attempt.ip, createdAt: { gt: since } } }),
  ]);
  if (byEmail >= limits.email.refuseAt || byIp >= limits.ip.refuseAt) {
    throw new DomainError('rate_limited', SIGNIN_RATE_LIMITED_MESSAGE);
  }
  const excess = Math.max(byEmail - limits.email.slowAfter + 1, byIp - limits.ip.slowAfter + 1, 0);
  if (excess > 0) await sleep(Math.min(excess * limits.delayStepMs, limits.maxDelayMs));
}

export async function recordSigninFailure(
  prisma: PrismaClient,
  attempt: { email: string; ip: string },
  limits: SigninLimits = SIGNIN_LIMITS,
  now: Date = new Date(),
): Promise<void> {
  const expired = new Date(now.getTime() - limits.windowMs);
  await prisma.$transaction([
    // Rows older than the window count for nothing; dropping them here keeps the table small.
    prisma.signInFailure.deleteMany({
      where: { OR: [{ email: attempt.email }, { ip: attempt.ip }], createdAt: { lte: expired } },
    }),
    prisma.signInFailure.create({ data: { ...attempt, createdAt: now }, select: { id: true } }),
  ]);
}

/** A successful sign-in clears its e-mail's failures; the IP's stay, they may belong to other accounts. */
export async function clearSigninFailures(prisma: PrismaClient, email: string): Promise<void> {
  await prisma.signInFailure.deleteMany({ where: { email } });
}
