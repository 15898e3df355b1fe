import { Prisma, type PrismaClient } from '@shop/db';

/** The queues background workers drain: rows with `status = 'pending'` and a due `nextAttemptAt`. */
export type QueueTable = 'EmailOutbox' | 'WebhookDelivery' | 'Invoice' | 'ProductImport' | 'MetaConversion';

/**
 * Claims up to `batchSize` due pending rows of a queue in one atomic statement, oldest id first. The
 * row locks of `FOR UPDATE SKIP LOCKED` keep two servers from taking the same row, and pushing
 * `nextAttemptAt` past the lease hides the claimed rows from every later claim until the worker has
 * recorded the outcome (or died: then the row comes due again after the lease). It is a single
 * statement, so it is just as correct on the single-connection embedded database.
 */
export async function claimDueRows(
  prisma: PrismaClient,
  table: QueueTable,
  { now, leaseMs, batchSize }: { now: Date; leaseMs: number; batchSize: number },
): Promise<number[]> {
  const name = Prisma.raw(`"${table}"`);
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const rows = await prisma.$queryRaw<{ id: number }[]>`
    UPDATE ${name}
    SET "nextAttemptAt" = ${leaseUntil.toISOString()}::timestamp
    WHERE "id" IN (
      SELECT "id" FROM ${name}
      WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now.toISOString()}::timestamp
      ORDER BY "nextAttemptAt", "id"
      LIMIT ${batchSize}::int
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id"`;
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/** 1, 2, 4 … minutes after the 1st, 2nd, 3rd … failure, at most `maxMs`. */
export function doublingBackoffMs(attempts: number, maxMs: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), maxMs);
}

/** How much of a failure a queue row's `lastError` keeps: enough for the admin to see the reason. */
const LAST_ERROR_MAX_LENGTH = 500;

/** A failure as a queue row's `lastError`: one line, never empty. */
export function shortError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').trim().slice(0, LAST_ERROR_MAX_LENGTH) || 'Ismeretlen hiba';
}

/** How a queue retries: how many tries a row gets, and the longest wait between two. */
export type RetryPolicy = { maxAttempts: number; maxBackoffMs: number };

/**
 * What a queue row records after a failed try, whose `attempts` already counts it: the row fails for good
 * when the error is not worth retrying or the tries are used up, else it waits for the doubling backoff
 * and is claimed again (claimDueRows) once it is due. The worker writes `data` on the row and counts the
 * outcome.
 */
export function failedAttempt(
  error: unknown,
  { attempts, retryable, now }: { attempts: number; retryable: boolean; now: Date },
  { maxAttempts, maxBackoffMs }: RetryPolicy,
):
  | { outcome: 'failed'; data: { status: 'failed'; lastError: string } }
  | { outcome: 'retrying'; data: { lastError: string; nextAttemptAt: Date } } {
  const lastError = shortError(error);
  if (!retryable || attempts >= maxAttempts)
    return { outcome: 'failed', data: { status: 'failed', lastError } };
  return {
    outcome: 'retrying',
    data: { lastError, nextAttemptAt: new Date(now.getTime() + doublingBackoffMs(attempts, maxBackoffMs)) },
  };
}
