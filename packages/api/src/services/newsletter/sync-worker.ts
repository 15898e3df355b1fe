import type { PrismaClient } from '@shop/db';
import type { TNewsletterSyncRunOutput } from '../../schemas/newsletter-sync';
import {
  type PeriodicWorker,
  silentLogger,
  startPeriodicWorker,
  type WorkerLogger,
} from '../periodic-worker';
import { failedAttempt, type RetryPolicy, shortError } from '../queue-claim';
import { NewsletterSyncError, pushMember, type SyncTarget } from './sync-providers';
import {
  getNewsletterSyncSettings,
  type NewsletterSyncSetup,
  readSyncSettings,
  resolveSyncTarget,
} from './sync-settings';

/**
 * Copies the newsletter list to MailerLite or Mailchimp (the provider chosen in sync-settings.ts).
 *
 * 1. Source of truth: the shop's list (NewsletterSubscription). Each run compares it with what the queue
 *    (NewsletterSyncItem, one row per address and target) wants: a confirmed address wants
 *    `subscribed`; an address the provider was ever sent that is now unsubscribed, waiting for a new
 *    confirmation or gone (account deleted) wants `unsubscribed`. A row whose wish changed gets a higher
 *    `version` and is due at once. So every way the list changes (the links, the account page, the
 *    admin, account deletion) reaches the provider without those places knowing of the sync, and an
 *    address that never confirmed is never sent.
 * 2. Once: rows are claimed with `FOR UPDATE SKIP LOCKED` and a lease, so two servers (or the worker and
 *    the admin's "Szinkronizálás most") never send one row at the same time. A send is marked done only
 *    when the row's version is still the one sent; a change made meanwhile is sent after it. A server
 *    dying mid-send leaves the row due again after the lease: it repeats the same upsert, which leaves
 *    the provider as one send did (both calls are upserts keyed by the address).
 * 3. Failures: network errors, 429 and 5xx are retried after 1, 2, 4 … minutes (at most an hour apart),
 *    MAX_SYNC_ATTEMPTS tries; a refused address is marked failed with the provider's words. A wrong key
 *    or list stops the run (every other address would be refused alike) and waits for the backoff.
 *    The run's outcome and its last error in Hungarian are kept on the settings row for the admin.
 * 4. Erasure: once the provider was told that an address which left the shop unsubscribed, its row is
 *    deleted. The provider keeps its own copy, which the shop owner erases there.
 */

export const MAX_SYNC_ATTEMPTS = 8;
const LEASE_MS = 2 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;
const RETRY: RetryPolicy = { maxAttempts: MAX_SYNC_ATTEMPTS, maxBackoffMs: MAX_BACKOFF_MS };
const DEFAULT_BATCH_SIZE = 50;
/** At most this many addresses per run; the rest go in the next one. */
const DEFAULT_MAX_PER_RUN = 1000;
/** At most this many in the admin's "Szinkronizálás most", which answers only when they are sent. */
const SYNC_NOW_MAX = 100;

export type NewsletterSyncRunResult = { sent: number; failed: number; retrying: number };
const IDLE: NewsletterSyncRunResult = { sent: 0, failed: 0, retrying: 0 };

export type NewsletterSyncDeps = {
  prisma: PrismaClient;
  setup: NewsletterSyncSetup;
  logger?: WorkerLogger;
  fetch?: typeof fetch;
};

const timestamp = (date: Date): string => date.toISOString();

/** Rule 1: brings the queue of `generation` up to the shop's list. */
export async function reconcileNewsletterSync(
  prisma: PrismaClient,
  generation: number,
  now: Date,
): Promise<void> {
  const at = timestamp(now);
  await prisma.$executeRaw`
    INSERT INTO "NewsletterSyncItem" ("generation", "email", "wanted", "status", "nextAttemptAt", "createdAt")
    SELECT ${generation}::int, s."email",
      (CASE WHEN s."status" = 'confirmed' THEN 'subscribed' ELSE 'unsubscribed' END)::"NewsletterSyncWanted",
      'pending'::"NewsletterSyncState", ${at}::timestamp, ${at}::timestamp
    FROM "NewsletterSubscription" s
    WHERE s."status" = 'confirmed'
      OR EXISTS (
        SELECT 1 FROM "NewsletterSyncItem" i WHERE i."generation" = ${generation}::int AND i."email" = s."email"
      )
    ON CONFLICT ("generation", "email") DO UPDATE SET
      "wanted" = EXCLUDED."wanted",
      "version" = "NewsletterSyncItem"."version" + 1,
      "status" = 'pending'::"NewsletterSyncState",
      "attempts" = 0,
      "nextAttemptAt" = EXCLUDED."nextAttemptAt",
      "lastError" = NULL
    WHERE "NewsletterSyncItem"."wanted" <> EXCLUDED."wanted"`;
  await prisma.$executeRaw`
    UPDATE "NewsletterSyncItem" i SET
      "wanted" = 'unsubscribed'::"NewsletterSyncWanted",
      "version" = i."version" + 1,
      "status" = 'pending'::"NewsletterSyncState",
      "attempts" = 0,
      "nextAttemptAt" = ${at}::timestamp,
      "lastError" = NULL
    WHERE i."generation" = ${generation}::int AND i."wanted" = 'subscribed'
      AND NOT EXISTS (SELECT 1 FROM "NewsletterSubscription" s WHERE s."email" = i."email")`;
}

/** Rule 4: rows of addresses that left the shop, once the provider knows they unsubscribed. */
async function forgetDeparted(prisma: PrismaClient): Promise<void> {
  await prisma.$executeRaw`
    DELETE FROM "NewsletterSyncItem" i
    WHERE i."status" = 'sent' AND i."wanted" = 'unsubscribed'
      AND NOT EXISTS (SELECT 1 FROM "NewsletterSubscription" s WHERE s."email" = i."email")`;
}

/** Rule 2: the due rows of `generation`, hidden from every other claim until the lease ends. */
async function claimDue(
  prisma: PrismaClient,
  generation: number,
  now: Date,
  batchSize: number,
): Promise<number[]> {
  const leaseUntil = timestamp(new Date(now.getTime() + LEASE_MS));
  const rows = await prisma.$queryRaw<{ id: number }[]>`
    UPDATE "NewsletterSyncItem" SET "nextAttemptAt" = ${leaseUntil}::timestamp
    WHERE "id" IN (
      SELECT "id" FROM "NewsletterSyncItem"
      WHERE "status" = 'pending' AND "generation" = ${generation}::int
        AND "nextAttemptAt" <= ${timestamp(now)}::timestamp
      ORDER BY "nextAttemptAt", "id"
      LIMIT ${batchSize}::int
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id"`;
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

type Outcome = 'sent' | 'failed' | 'retrying' | 'skipped';

async function processRow(
  deps: NewsletterSyncDeps,
  target: SyncTarget,
  generation: number,
  id: number,
  now: Date,
): Promise<{ outcome: Outcome; error?: NewsletterSyncError | Error }> {
  const { prisma } = deps;
  const row = await prisma.newsletterSyncItem.findUnique({
    where: { id },
    select: { email: true, wanted: true, version: true, status: true, attempts: true, generation: true },
  });
  if (row?.status !== 'pending' || row.generation !== generation) return { outcome: 'skipped' };
  const attempts = row.attempts + 1;
  // Counted before the request leaves, so a crash mid-request still counts as a try.
  await prisma.newsletterSyncItem.update({ where: { id }, data: { attempts }, select: { id: true } });
  try {
    await pushMember(target, row.email, row.wanted, deps.fetch ?? fetch);
  } catch (caught) {
    const error = caught instanceof Error ? caught : new Error(String(caught));
    const retryable = !(error instanceof NewsletterSyncError) || error.retryable;
    const account = error instanceof NewsletterSyncError && error.account;
    // A wrong key or list is the account's fault, not the address's: the row waits for the fix, however
    // many tries that takes.
    const failure = failedAttempt(
      error,
      { attempts, retryable: account || retryable, now },
      account ? { ...RETRY, maxAttempts: Number.POSITIVE_INFINITY } : RETRY,
    );
    await prisma.newsletterSyncItem.updateMany({ where: { id, version: row.version }, data: failure.data });
    return { outcome: failure.outcome, error };
  }
  // Rule 2: done only if nothing changed while the request was out; else the newer wish goes next.
  await prisma.$executeRaw`
    UPDATE "NewsletterSyncItem" SET
      "sentWanted" = ${row.wanted}::"NewsletterSyncWanted",
      "sentAt" = ${timestamp(now)}::timestamp,
      "lastError" = NULL,
      "status" = (CASE WHEN "version" = ${row.version}::int THEN 'sent' ELSE 'pending' END)::"NewsletterSyncState",
      "attempts" = CASE WHEN "version" = ${row.version}::int THEN "attempts" ELSE 0 END,
      "nextAttemptAt" = ${timestamp(now)}::timestamp
    WHERE "id" = ${id}::int`;
  return { outcome: 'sent' };
}

/** One run: brings the queue up to the list and sends what is due (rules 1–4). */
export async function runNewsletterSyncOnce(
  deps: NewsletterSyncDeps,
  {
    now = () => new Date(),
    batchSize = DEFAULT_BATCH_SIZE,
    maxPerRun = DEFAULT_MAX_PER_RUN,
  }: { now?: () => Date; batchSize?: number; maxPerRun?: number } = {},
): Promise<NewsletterSyncRunResult> {
  const { prisma, logger = silentLogger } = deps;
  const result = { ...IDLE };
  const settings = await readSyncSettings(prisma);
  const target = resolveSyncTarget(settings, deps.setup);
  if (!settings || target === null) return result;
  const startedAt = now();
  if (typeof target === 'string') {
    await prisma.newsletterSyncSetting.update({
      where: { id: 1 },
      data: { lastRunAt: startedAt, lastError: target },
      select: { id: true },
    });
    return result;
  }
  const { generation } = settings;
  await reconcileNewsletterSync(prisma, generation, startedAt);
  let lastError: string | null = null;
  let handled = 0;
  let stopped = false;
  while (!stopped && handled < maxPerRun) {
    const ids = await claimDue(prisma, generation, now(), Math.min(batchSize, maxPerRun - handled));
    if (ids.length === 0) break;
    for (const id of ids) {
      if (stopped) {
        // Claimed but not tried: due again at once for the next run.
        await prisma.newsletterSyncItem.updateMany({
          where: { id, status: 'pending' },
          data: { nextAttemptAt: startedAt },
        });
        continue;
      }
      const { outcome, error } = await processRow(deps, target, generation, id, now());
      handled++;
      if (outcome === 'skipped') continue;
      result[outcome]++;
      if (error) {
        lastError = shortError(error);
        if (error instanceof NewsletterSyncError && error.account) stopped = true;
      }
    }
  }
  await forgetDeparted(prisma);
  // A run that tried nothing while changes wait for their backoff leaves the last error in view.
  const clean =
    !lastError &&
    (handled > 0 ||
      (await prisma.newsletterSyncItem.count({ where: { generation, status: { not: 'sent' } } })) === 0);
  // Only for the target that was sent to: an admin may have saved another one while this ran.
  // One moment for both, so the card can tell that the last run was the last clean one.
  const finishedAt = now();
  await prisma.newsletterSyncSetting.updateMany({
    where: { id: 1, generation },
    data: {
      lastRunAt: finishedAt,
      ...(lastError ? { lastError } : clean ? { lastError: null, lastSuccessAt: finishedAt } : {}),
    },
  });
  if (result.sent || result.failed || result.retrying)
    logger.info({ ...result, provider: target.provider }, 'newsletter sync run');
  if (lastError) logger.warn({ provider: target.provider, error: lastError }, 'newsletter sync error');
  return result;
}

/**
 * The admin's "Szinkronizálás most": failed rows get fresh tries and waiting ones are due at once, then
 * one run; answers the settings with the run's counts.
 */
export async function syncNewsletterNow(deps: NewsletterSyncDeps): Promise<TNewsletterSyncRunOutput> {
  const { prisma } = deps;
  const settings = await readSyncSettings(prisma);
  const now = new Date();
  if (settings) {
    await prisma.newsletterSyncItem.updateMany({
      where: { generation: settings.generation, status: 'failed' },
      data: { status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null },
    });
    await prisma.newsletterSyncItem.updateMany({
      where: { generation: settings.generation, status: 'pending', attempts: { gt: 0 } },
      data: { nextAttemptAt: now },
    });
  }
  // The admin waits for this answer: a first sync of a long list goes on in the background runs.
  const result = await runNewsletterSyncOnce(deps, { maxPerRun: SYNC_NOW_MAX });
  return {
    ...(await getNewsletterSyncSettings(prisma, deps.setup)),
    sent: result.sent,
    retrying: result.retrying,
    failedNow: result.failed,
  };
}

export type NewsletterSyncWorker = PeriodicWorker<NewsletterSyncRunResult>;

/** Runs the sync in the background on every server (the claim keeps them from sending one row twice). */
export function startNewsletterSyncWorker(
  deps: NewsletterSyncDeps & { intervalMs?: number },
): NewsletterSyncWorker {
  return startPeriodicWorker({
    run: () => runNewsletterSyncOnce(deps),
    idle: IDLE,
    intervalMs: deps.intervalMs ?? 60_000,
    logger: deps.logger,
    failureMessage: 'newsletter sync run failed',
  });
}
