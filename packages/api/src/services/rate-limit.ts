import { PREPARED, type Prisma, type PrismaClient } from '@shop/db';
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
  const at = now.toISOString();
  const nextReset = new Date(now.getTime() + windowMs).toISOString();
  const rows = await db.$queryRaw<{ count: number; resetAt: Date }[]>`${PREPARED}
    INSERT INTO "RateLimitBucket" ("key", "count", "resetAt")
    VALUES (${key}, 1, ${nextReset}::timestamp)
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimitBucket"."resetAt" <= ${at}::timestamp THEN 1
                     ELSE "RateLimitBucket"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimitBucket"."resetAt" <= ${at}::timestamp THEN ${nextReset}::timestamp
                       ELSE "RateLimitBucket"."resetAt" END
    RETURNING "count", "resetAt"`;
  const row = rows[0];
  if (!row) throw new Error(`${withArticle(`„${key}”`, { capital: true })} korlát számlálója nem frissült.`);
  const count = Number(row.count);
  if (count === 1) {
    // A window starts: a fair moment to drop a few buckets whose windows are long over.
    await db.$executeRaw`${PREPARED}
      DELETE FROM "RateLimitBucket" WHERE "key" IN (
        SELECT "key" FROM "RateLimitBucket" WHERE "resetAt" < ${at}::timestamp LIMIT ${PURGE_BATCH}::int
      )`;
  }
  return { allowed: count <= limit, count, resetAt: row.resetAt };
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
