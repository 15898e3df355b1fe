import type { PrismaClient } from '@shop/db';
import { DomainError } from '../errors';

/**
 * Failed sign-ins are counted in the database (every server sees the same numbers), each row naming
 * the account tried (the e-mail text, whether or not an account has it, so the answer reveals no
 * account) and its source: the client's IP address, or a known device or session of that account.
 *
 * 1. One account from one source: slowed after a few failures, refused at 10 in 15 minutes.
 * 2. One account from every unknown source together: a higher limit over a longer window, so a
 *    stranger with many addresses still guesses slowly.
 * 3. One IP address across accounts: a high limit, since offices and mobile carriers put many
 *    shoppers behind one address.
 * 4. A known source (a trusted device or a live session of that very account) is held only by rule
 *    1 for its own failures: a stranger's failures, from any address, never lock the owner's own
 *    browser out, and neither does an office full of colleagues behind the owner's address. A known
 *    device that fails rule 1 loses its trust, so a stolen device token is no lasting way around
 *    rules 2 and 3.
 *
 * An attempt is written down as a failure before its password is checked and struck off when the
 * password matches: counting only after the slow hash check would let many parallel guesses all
 * see the same low count.
 */
export type ThrottleRule = { slowAfter: number; refuseAt: number; windowMs: number };

export type SigninLimits = {
  source: ThrottleRule;
  account: ThrottleRule;
  ip: ThrottleRule;
  /** Added wait per failure past `slowAfter`, and its ceiling. */
  delayStepMs: number;
  maxDelayMs: number;
};

const MINUTE = 60_000;

export const SIGNIN_LIMITS: SigninLimits = {
  source: { slowAfter: 5, refuseAt: 10, windowMs: 15 * MINUTE },
  account: { slowAfter: 10, refuseAt: 30, windowMs: 60 * MINUTE },
  ip: { slowAfter: 20, refuseAt: 100, windowMs: 15 * MINUTE },
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

/** A pending attempt, already counted as a failure; `succeeded` strikes off its source's failures. */
export type ReservedAttempt = { succeeded(): Promise<void> };

/** Where an attempt comes from: an unknown client at an IP address, or a known device or session. */
export type SigninSource =
  | { kind: 'ip'; ip: string }
  | { kind: 'device'; deviceId: number }
  | { kind: 'session'; sessionId: number };

/** The text a source is counted under; a known source's key never equals an IP address. */
export function sourceKey(source: SigninSource): string {
  if (source.kind === 'device') return `eszkoz:${source.deviceId}`;
  if (source.kind === 'session') return `munkamenet:${source.sessionId}`;
  return source.ip;
}

// Namespaces of the two-key advisory lock, so an account key and an IP key never share a lock.
const LOCK_BY_KEY = 1;
const LOCK_BY_IP = 2;

const since = (now: Date, rule: ThrottleRule) => new Date(now.getTime() - rule.windowMs);
const excessOver = (count: number, rule: ThrottleRule) => Math.max(count - rule.slowAfter + 1, 0);

/**
 * Counts the recent failures and writes this attempt down in one transaction, serialised per
 * account (and per IP for an unknown client) with advisory locks taken always in the same order,
 * so concurrent attempts queue up and each sees the ones before it. Returns `refused` at a limit
 * without counting the refused try.
 */
async function reserve(
  prisma: PrismaClient,
  key: string,
  source: SigninSource,
  limits: SigninLimits,
  now: Date,
): Promise<{ refused: boolean; excess: number }> {
  const from = sourceKey(source);
  const unknown = source.kind === 'ip';
  const oldest = since(
    now,
    [limits.source, limits.account, limits.ip].reduce((a, b) => (a.windowMs > b.windowMs ? a : b)),
  );
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_BY_KEY}::int, hashtext(${key}))`;
    if (unknown) await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_BY_IP}::int, hashtext(${from}))`;
    // Rows older than every window count for nothing; dropping them here keeps the table small.
    await tx.signInFailure.deleteMany({
      where: { OR: [{ email: key }, { ip: from }], createdAt: { lte: oldest } },
    });
    const bySource = await tx.signInFailure.count({
      where: { email: key, ip: from, createdAt: { gt: since(now, limits.source) } },
    });
    const byAccount = unknown
      ? await tx.signInFailure.count({ where: { email: key, createdAt: { gt: since(now, limits.account) } } })
      : 0;
    const byIp = unknown
      ? await tx.signInFailure.count({ where: { ip: from, createdAt: { gt: since(now, limits.ip) } } })
      : 0;
    const refused =
      bySource >= limits.source.refuseAt ||
      (unknown && (byAccount >= limits.account.refuseAt || byIp >= limits.ip.refuseAt));
    if (refused) {
      // A device that keeps failing is no longer known: its further tries face every limit.
      if (source.kind === 'device') await tx.trustedDevice.deleteMany({ where: { id: source.deviceId } });
      return { refused: true, excess: 0 };
    }
    await tx.signInFailure.create({ data: { email: key, ip: from, createdAt: now }, select: { id: true } });
    const excess = Math.max(
      excessOver(bySource, limits.source),
      unknown ? excessOver(byAccount, limits.account) : 0,
      unknown ? excessOver(byIp, limits.ip) : 0,
    );
    return { refused: false, excess };
  });
}

/**
 * Refuses (429) or slows down a sign-in according to the recent failures of its account, source
 * and IP, and counts this attempt as a failure until `succeeded` is called.
 */
export async function reserveSigninAttempt(
  prisma: PrismaClient,
  attempt: { email: string; source: SigninSource },
  { limits, sleep }: SigninThrottle = defaultSigninThrottle,
  now: Date = new Date(),
): Promise<ReservedAttempt> {
  const { refused, excess } = await reserve(prisma, attempt.email, attempt.source, limits, now);
  if (refused) throw new DomainError('rate_limited', SIGNIN_RATE_LIMITED_MESSAGE);
  if (excess > 0) await sleep(Math.min(excess * limits.delayStepMs, limits.maxDelayMs));
  // Only this source's failures are struck off: a stranger's failures elsewhere keep counting.
  return {
    succeeded: () => clearSigninFailures(prisma, attempt.email, sourceKey(attempt.source)),
  };
}

/** The failure key of password confirmations on a signed-in session; it has no `@`, so no e-mail equals it. */
export function passwordCheckKey(userId: number): string {
  return `felhasznalo:${userId}`;
}

/**
 * Guards a password confirmation of a signed-in user (password or e-mail change, account
 * deletion): a stolen session must not become an unlimited password oracle. Counted per account
 * with the per-source sign-in rule; the IP is not counted, it is not what is guessed.
 */
export async function reservePasswordCheck(
  prisma: PrismaClient,
  userId: number,
  limits: SigninLimits = SIGNIN_LIMITS,
  now: Date = new Date(),
): Promise<ReservedAttempt> {
  const key = passwordCheckKey(userId);
  const source: SigninSource = { kind: 'session', sessionId: 0 };
  const { refused } = await reserve(prisma, key, source, limits, now);
  if (refused) throw new DomainError('rate_limited', PASSWORD_CHECK_RATE_LIMITED_MESSAGE);
  return { succeeded: () => clearSigninFailures(prisma, key) };
}

/** Forgets the failures of an account, or only those of one of its sources. */
export async function clearSigninFailures(prisma: PrismaClient, key: string, source?: string): Promise<void> {
  await prisma.signInFailure.deleteMany({ where: { email: key, ...(source ? { ip: source } : {}) } });
}
