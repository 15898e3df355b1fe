import { PREPARED, Prisma, type PrismaClient } from '@shop/db';
import { DomainError } from '../errors';
import { withArticle } from '../schemas/hungarian';

/** A Prisma client or the transaction of the caller. */
type Db = Prisma.TransactionClient | PrismaClient;

export type RateLimitHit = {
  /** False once this hit is past `limit` in the current window. */
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  resetAt: Date;
};

/** Expired buckets removed per new window, so the table stays small without a job of its own. */
const PURGE_BATCH = 100;

/**
 * Counts one hit on `key` in a fixed window of `windowMs` and says whether it is within `limit`.
 * One INSERT … ON CONFLICT statement increments the shared row (or starts a new window when the old
 * one has ended), so concurrent hits on every server each see their own count and none is lost.
 * Refused hits are counted too: hammering a closed door keeps it closed until the window ends.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: Date = new Date(),
): Promise<RateLimitHit> {
  const [hit] = await hitRateLimits(db, [{ key, limit, windowMs }], now);
  return hit!;
}

/** One counter of `hitRateLimits`: `limit` hits on `key` per `windowMs`. */
export type RateLimitCounter = { key: string; limit: number; windowMs: number };

/**
 * Counts one hit on each counter in turn, in one statement: a counter is hit only when every one
 * before it let its hit through, and is answered null otherwise (so a network already refused spends
 * nothing of an e-mail address's own limit). Each counter works as `hitRateLimit` describes. Counters
 * are locked in the order given, so callers that name the same counters in the same order never
 * deadlock. A new window is a fair moment to drop a few buckets whose windows are long over; buckets
 * another request holds are skipped rather than waited for.
 */
export async function hitRateLimits(
  db: Db,
  counters: readonly RateLimitCounter[],
  now: Date = new Date(),
): Promise<(RateLimitHit | null)[]> {
  if (counters.length === 0) return [];
  const rows = await db.$queryRaw<{ position: number; count: number; resetAt: Date }[]>(
    rateLimitStatement(counters, now),
  );
  return counters.map(({ key, limit }, position) => {
    const row = rows.find((answer) => Number(answer.position) === position);
    if (!row) {
      const refusedBefore = position > 0;
      if (refusedBefore) return null;
      throw new Error(`${withArticle(`„${key}”`, { capital: true })} korlát számlálója nem frissült.`);
    }
    const count = Number(row.count);
    return { allowed: count <= limit, count, resetAt: row.resetAt };
  });
}

/**
 * The statement of `hitRateLimits`, for a non-empty list of counters. The expired buckets are picked
 * once and deleted by their row address (ctid). It is planned once per connection (PREPARED), maybe
 * while the table is still empty; `"key" IN (pick)` was then planned as a scan of the whole table that
 * ran the pick again for every bucket, a cost that grew with the square of the table.
 */
export function rateLimitStatement(counters: readonly RateLimitCounter[], now: Date): Prisma.Sql {
  const at = now.toISOString();
  const hitName = (position: number) => Prisma.raw(`hit_${position}`);
  const hits = counters.map(({ key, windowMs }, position) => {
    const nextReset = new Date(now.getTime() + windowMs).toISOString();
    const before = counters[position - 1];
    const reached =
      before === undefined
        ? Prisma.empty
        : Prisma.sql`FROM ${hitName(position - 1)} WHERE ${hitName(position - 1)}."count" <= ${before.limit}::int`;
    return Prisma.sql`${hitName(position)} AS (
      INSERT INTO "RateLimitBucket" ("key", "count", "resetAt")
      SELECT ${key}, 1, ${nextReset}::timestamp ${reached}
      ON CONFLICT ("key") DO UPDATE SET
        "count" = CASE WHEN "RateLimitBucket"."resetAt" <= ${at}::timestamp THEN 1
                       ELSE "RateLimitBucket"."count" + 1 END,
        "resetAt" = CASE WHEN "RateLimitBucket"."resetAt" <= ${at}::timestamp THEN ${nextReset}::timestamp
                         ELSE "RateLimitBucket"."resetAt" END
      RETURNING "count", "resetAt"
    )`;
  });
  const answers = Prisma.join(
    counters.map(
      (_, position) =>
        Prisma.sql`SELECT ${position}::int AS position, "count", "resetAt" FROM ${hitName(position)}`,
    ),
    ' UNION ALL ',
  );
  return Prisma.sql`${PREPARED}
    WITH ${Prisma.join(hits, ', ')}, answers AS (${answers}), purged AS (
      DELETE FROM "RateLimitBucket" WHERE ctid = ANY(ARRAY(
        SELECT ctid FROM "RateLimitBucket"
        WHERE "resetAt" < ${at}::timestamp AND "key" <> ALL(${counters.map((counter) => counter.key)}::text[])
          AND EXISTS (SELECT 1 FROM answers WHERE "count" = 1)
        LIMIT ${PURGE_BATCH}::int FOR UPDATE SKIP LOCKED
      ))
    )
    SELECT position, "count", "resetAt" FROM answers`;
}

/** A limit of `limit` hits per `windowMs`. */
export type FixedWindowLimit = { limit: number; windowMs: number };

/**
 * The 429 of a limit reached until `resetAt`: `reason`, then when to try again in whole minutes (a
 * shopper reads minutes, or hours past an hour and a half; a client reads `Retry-After` in seconds). `orElse` offers another way in the
 * same sentence ("vagy hívj minket telefonon").
 */
export function rateLimited(
  reason: string,
  resetAt: Date,
  { orElse, now = new Date() }: { orElse?: string; now?: Date } = {},
): DomainError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait = minutes <= 90 ? `${minutes} perc` : `${Math.ceil(minutes / 60)} óra`;
  const message = `${reason} Kérjük, próbáld újra ${wait} múlva${orElse ? `, ${orElse}` : ''}!`;
  return new DomainError('rate_limited', message, undefined, { retryAfterSeconds: seconds });
}

/**
 * Where a caller stands in a fixed-window limit, in the two fields of the IETF draft
 * (draft-ietf-httpapi-ratelimit-headers): `RateLimit-Policy` names the quota and its window in seconds
 * (`"api-key";q=600;w=60`), `RateLimit` what is left of it and in how many seconds the window starts
 * again (`"api-key";r=12;t=40`). A refused hit shows `r=0`.
 */
export function rateLimitFields(
  policy: string,
  { limit, windowMs }: FixedWindowLimit,
  hit: RateLimitHit,
  now: Date = new Date(),
): { 'ratelimit-policy': string; ratelimit: string } {
  const remaining = Math.max(0, limit - hit.count);
  const reset = Math.max(0, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000));
  return {
    'ratelimit-policy': `"${policy}";q=${limit};w=${Math.ceil(windowMs / 1000)}`,
    ratelimit: `"${policy}";r=${remaining};t=${reset}`,
  };
}
