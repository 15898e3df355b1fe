import type { Prisma, PrismaClient } from '@shop/db';
import { networkKey } from './network-key';
import { rateLimited } from './rate-limit';

/**
 * Failed sign-ins are counted in the database (every server sees the same numbers), each row naming
 * the account tried (the e-mail text, whether or not an account has it, so the answer reveals no
 * account) and its source: the client's network (an IPv4 address, or an IPv6 address's /64, as
 * network-key.ts counts it), or a known device or session of that account.
 *
 * The guesser is throttled, never the account: nothing a stranger does can keep the owner out.
 *
 * 1. One account from one source: slowed after a few failures, refused at 10 in 15 minutes.
 * 2. One network across accounts: a high limit (offices and mobile carriers put many shoppers
 *    behind one address), refused past it.
 * 3. One account from every unknown network together: past 10 failures an hour the account is
 *    under attack. It is never refused for that: every unknown network's attempt is slowed down
 *    (the owner on a new device waits a moment, then gets in with the right password), and each
 *    unknown network may fail only 3 times in rule 1's window instead of 10, so a guesser with many
 *    networks guesses slowly while a network that has not failed (the owner's) is untouched.
 * 4. A known source (a trusted device or a live session of that very account) is held only by rule
 *    1 for its own failures: it is neither slowed nor refused for a stranger's failures, nor for an
 *    office full of colleagues behind the owner's address. A known device that fails rule 1 loses
 *    its trust, so a stolen device token is no lasting way around rules 2 and 3.
 *
 * A refusal says when to try again: the moment the oldest failures that hold it back leave their
 * window (refused attempts are not counted, so knocking on does not push that moment away).
 *
 * An attempt is written down as a failure before its password is checked and struck off when the
 * password matches: counting only after the slow hash check would let many parallel guesses all
 * see the same low count.
 */
export type ThrottleRule = { slowAfter: number; refuseAt: number; windowMs: number };

/** Rule 3: when an account counts as under attack, and what unknown networks may do then. */
export type AccountRule = { slowAfter: number; windowMs: number; sourceRefuseAt: number };

export type SigninLimits = {
  source: ThrottleRule;
  network: ThrottleRule;
  account: AccountRule;
  /** Added wait per failure past `slowAfter`, and its ceiling. */
  delayStepMs: number;
  maxDelayMs: number;
};

const MINUTE = 60_000;

export const SIGNIN_LIMITS: SigninLimits = {
  source: { slowAfter: 5, refuseAt: 10, windowMs: 15 * MINUTE },
  network: { slowAfter: 20, refuseAt: 100, windowMs: 15 * MINUTE },
  account: { slowAfter: 10, windowMs: 60 * MINUTE, sourceRefuseAt: 3 },
  delayStepMs: 250,
  maxDelayMs: 2000,
};

/** The 429's reason; the answer adds how many minutes to wait and offers a new password. */
export const SIGNIN_RATE_LIMITED_REASON = 'Túl sok sikertelen bejelentkezési kísérlet.';
const SIGNIN_RATE_LIMITED_OR_ELSE = 'vagy kérj új jelszót';

export const PASSWORD_CHECK_RATE_LIMITED_REASON = 'Túl sokszor adtál meg hibás jelszót.';

export type SigninThrottle = { limits: SigninLimits; sleep: (ms: number) => Promise<void> };

export const defaultSigninThrottle: SigninThrottle = {
  limits: SIGNIN_LIMITS,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A pending attempt, already counted as a failure; `succeeded` strikes off its source's failures. */
export type ReservedAttempt = { succeeded(): Promise<void> };

/** Where an attempt comes from: an unknown client's network, or a known device or session. */
export type SigninSource =
  | { kind: 'network'; network: string }
  | { kind: 'device'; deviceId: number }
  | { kind: 'session'; sessionId: number };

/** An unknown client's source: its address counted as its network (an IPv6 /64 is one). */
export function networkSource(ip: string | null | undefined): SigninSource {
  return { kind: 'network', network: networkKey(ip) };
}

/** The text a source is counted under; a known source's key never equals a network key. */
export function sourceKey(source: SigninSource): string {
  if (source.kind === 'device') return `eszkoz:${source.deviceId}`;
  if (source.kind === 'session') return `munkamenet:${source.sessionId}`;
  return source.network;
}

// Namespaces of the two-key advisory lock, so an account key and a network key never share a lock.
const LOCK_BY_KEY = 1;
const LOCK_BY_NETWORK = 2;

const since = (now: Date, windowMs: number) => new Date(now.getTime() - windowMs);
const excessOver = (count: number, slowAfter: number) => Math.max(count - slowAfter + 1, 0);

type Reservation = { refused: false; excess: number } | { refused: true; retryAt: Date };

/**
 * When a rule that holds `count` failures matching `where` (at or past `refuseAt`) lets the next
 * attempt through: when enough of the oldest have left the window to bring the count below it.
 */
async function releasedAt(
  tx: Prisma.TransactionClient,
  where: Prisma.SignInFailureWhereInput,
  count: number,
  refuseAt: number,
  windowMs: number,
): Promise<Date> {
  const holding = await tx.signInFailure.findFirst({
    where,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    skip: count - refuseAt,
    select: { createdAt: true },
  });
  return new Date((holding?.createdAt.getTime() ?? 0) + windowMs);
}

/**
 * Counts the recent failures and writes this attempt down in one transaction, serialised per
 * account (and per network for an unknown client) with advisory locks taken always in the same
 * order, so concurrent attempts queue up and each sees the ones before it. Answers `refused` (and
 * when that ends) at a limit without counting the refused try.
 */
async function reserve(
  prisma: PrismaClient,
  key: string,
  source: SigninSource,
  limits: SigninLimits,
  now: Date,
): Promise<Reservation> {
  const from = sourceKey(source);
  const unknown = source.kind === 'network';
  const oldest = since(
    now,
    Math.max(limits.source.windowMs, limits.network.windowMs, limits.account.windowMs),
  );
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_BY_KEY}::int, hashtext(${key}))`;
    if (unknown)
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_BY_NETWORK}::int, hashtext(${from}))`;
    // Rows older than every window count for nothing; dropping them here keeps the table small.
    await tx.signInFailure.deleteMany({
      where: { OR: [{ email: key }, { ip: from }], createdAt: { lte: oldest } },
    });
    const ofSource = { email: key, ip: from, createdAt: { gt: since(now, limits.source.windowMs) } };
    const ofNetwork = { ip: from, createdAt: { gt: since(now, limits.network.windowMs) } };
    const bySource = await tx.signInFailure.count({ where: ofSource });
    const byAccount = unknown
      ? await tx.signInFailure.count({
          where: { email: key, createdAt: { gt: since(now, limits.account.windowMs) } },
        })
      : 0;
    const byNetwork = unknown ? await tx.signInFailure.count({ where: ofNetwork }) : 0;
    const underAttack = byAccount >= limits.account.slowAfter;
    const sourceRefuseAt = underAttack
      ? Math.min(limits.account.sourceRefuseAt, limits.source.refuseAt)
      : limits.source.refuseAt;
    const sourceRefused = bySource >= sourceRefuseAt;
    const networkRefused = unknown && byNetwork >= limits.network.refuseAt;
    if (sourceRefused || networkRefused) {
      // A device that keeps failing is no longer known: its further tries face every limit.
      if (source.kind === 'device') await tx.trustedDevice.deleteMany({ where: { id: source.deviceId } });
      const ends = await Promise.all([
        sourceRefused ? releasedAt(tx, ofSource, bySource, sourceRefuseAt, limits.source.windowMs) : now,
        networkRefused
          ? releasedAt(tx, ofNetwork, byNetwork, limits.network.refuseAt, limits.network.windowMs)
          : now,
      ]);
      return { refused: true, retryAt: new Date(Math.max(...ends.map((end) => end.getTime()))) };
    }
    await tx.signInFailure.create({ data: { email: key, ip: from, createdAt: now }, select: { id: true } });
    const excess = Math.max(
      excessOver(bySource, limits.source.slowAfter),
      unknown ? excessOver(byAccount, limits.account.slowAfter) : 0,
      unknown ? excessOver(byNetwork, limits.network.slowAfter) : 0,
    );
    return { refused: false, excess };
  });
}

/**
 * Refuses (429, saying when to try again) or slows down a sign-in according to the recent failures
 * of its account, source and network, and counts this attempt as a failure until `succeeded` is
 * called.
 */
export async function reserveSigninAttempt(
  prisma: PrismaClient,
  attempt: { email: string; source: SigninSource },
  { limits, sleep }: SigninThrottle = defaultSigninThrottle,
  now: Date = new Date(),
): Promise<ReservedAttempt> {
  const reservation = await reserve(prisma, attempt.email, attempt.source, limits, now);
  if (reservation.refused) {
    throw rateLimited(SIGNIN_RATE_LIMITED_REASON, reservation.retryAt, {
      orElse: SIGNIN_RATE_LIMITED_OR_ELSE,
      now,
    });
  }
  if (reservation.excess > 0) {
    await sleep(Math.min(reservation.excess * limits.delayStepMs, limits.maxDelayMs));
  }
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
 * with the per-source sign-in rule; the network is not counted, it is not what is guessed.
 */
export async function reservePasswordCheck(
  prisma: PrismaClient,
  userId: number,
  limits: SigninLimits = SIGNIN_LIMITS,
  now: Date = new Date(),
): Promise<ReservedAttempt> {
  const key = passwordCheckKey(userId);
  const source: SigninSource = { kind: 'session', sessionId: 0 };
  const reservation = await reserve(prisma, key, source, limits, now);
  if (reservation.refused)
    throw rateLimited(PASSWORD_CHECK_RATE_LIMITED_REASON, reservation.retryAt, { now });
  return { succeeded: () => clearSigninFailures(prisma, key) };
}

/** Forgets the failures of an account, or only those of one of its sources. */
export async function clearSigninFailures(prisma: PrismaClient, key: string, source?: string): Promise<void> {
  await prisma.signInFailure.deleteMany({ where: { email: key, ...(source ? { ip: source } : {}) } });
}
