import type { PrismaClient } from '@shop/db';
import {
  type PeriodicWorker,
  silentLogger,
  startPeriodicWorker,
  type WorkerLogger,
} from '../periodic-worker';
import { claimDueRows, doublingBackoffMs } from '../queue-claim';
import { sendWebhook, type WebhookAttempt } from './send';
import type { WebhookTargetPolicy } from './target';

/**
 * The webhook outbox (the e-mail outbox's pattern, services/email/outbox-worker.ts):
 * 1. Due deliveries are claimed in one statement (`FOR UPDATE SKIP LOCKED`, then `nextAttemptAt`
 *    pushed past a lease), so two servers never send one delivery twice; a server that dies mid-send
 *    leaves its claim to expire and the delivery is sent again later: at least once, never lost.
 * 2. A 2xx answer delivers it. Anything else (another status, no answer within 10 s, a refused
 *    target) is retried after 1, 2, 4 … minutes, at most 2 hours apart; after MAX_ATTEMPTS (about
 *    ten hours) it is marked failed and stays in the log.
 * 3. Delivered and failed deliveries are deleted after the retention period.
 */

export const MAX_ATTEMPTS = 12;
const MAX_BACKOFF_MS = 2 * 60 * 60_000;
/** Longer than a whole batch can take (the batch is sent in parallel, each attempt at most 10 s). */
const CLAIM_LEASE_MS = 5 * 60_000;
const DEFAULT_BATCH_SIZE = 10;
const MAX_BATCHES_PER_RUN = 20;
export const WEBHOOK_RETENTION_MS = 30 * 24 * 60 * 60_000;

export const ENDPOINT_DELETED = 'A végpontot törölték, a küldés elmaradt.';

/** 1, 2, 4 … minutes after the 1st, 2nd, 3rd … failure, at most 2 hours. */
export function webhookBackoffMs(attempts: number): number {
  return doublingBackoffMs(attempts, MAX_BACKOFF_MS);
}

export type WebhookRunOptions = WebhookTargetPolicy & {
  /** The clock; tests move it instead of waiting. */
  now?: () => Date;
  batchSize?: number;
  logger?: WorkerLogger;
  timeoutMs?: number;
};

export type WebhookRunResult = { delivered: number; failed: number };

/** Deletes delivered and failed deliveries older than the retention period, and deleted endpoints left without any. */
export async function purgeExpiredDeliveries(prisma: PrismaClient, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_RETENTION_MS);
  const { count } = await prisma.webhookDelivery.deleteMany({
    where: { status: { in: ['delivered', 'failed'] }, createdAt: { lt: before } },
  });
  await prisma.webhookEndpoint.deleteMany({ where: { deletedAt: { not: null }, deliveries: { none: {} } } });
  return count;
}

const claimedSelect = {
  id: true,
  eventId: true,
  body: true,
  attempts: true,
  endpoint: { select: { url: true, secret: true, deletedAt: true } },
} as const;

type Claimed = {
  id: number;
  eventId: string;
  body: string;
  attempts: number;
  endpoint: { url: string; secret: string; deletedAt: Date | null };
};

/**
 * Records one attempt's outcome. `finalOnFailure`: a failed attempt ends the delivery at once (the
 * admin's test event; they press the button again rather than wait for retries).
 */
export async function recordAttempt(
  prisma: PrismaClient,
  delivery: { id: number; attempts: number },
  attempt: WebhookAttempt,
  { now, finalOnFailure = false }: { now: Date; finalOnFailure?: boolean },
): Promise<'delivered' | 'retry' | 'failed'> {
  const attempts = delivery.attempts + 1;
  const outcome = attempt.delivered
    ? 'delivered'
    : finalOnFailure || attempts >= MAX_ATTEMPTS
      ? 'failed'
      : 'retry';
  await prisma.webhookDelivery.updateMany({
    where: { id: delivery.id, status: 'pending' },
    data: {
      attempts,
      lastStatusCode: attempt.statusCode,
      lastResponse: attempt.response,
      ...(outcome === 'delivered' ? { status: 'delivered', deliveredAt: now } : {}),
      ...(outcome === 'failed' ? { status: 'failed' } : {}),
      ...(outcome === 'retry' ? { nextAttemptAt: new Date(now.getTime() + webhookBackoffMs(attempts)) } : {}),
    },
  });
  return outcome;
}

/** Sends one claimed delivery and records the outcome. */
export async function attemptDelivery(
  prisma: PrismaClient,
  delivery: Claimed,
  options: WebhookTargetPolicy & { now: () => Date; timeoutMs?: number; finalOnFailure?: boolean },
): Promise<'delivered' | 'retry' | 'failed'> {
  if (delivery.endpoint.deletedAt) {
    await prisma.webhookDelivery.updateMany({
      where: { id: delivery.id, status: 'pending' },
      data: { status: 'failed', lastResponse: ENDPOINT_DELETED },
    });
    return 'failed';
  }
  const attempt = await sendWebhook(
    {
      url: delivery.endpoint.url,
      secret: delivery.endpoint.secret,
      eventId: delivery.eventId,
      body: delivery.body,
    },
    options,
  );
  return recordAttempt(prisma, delivery, attempt, {
    now: options.now(),
    finalOnFailure: options.finalOnFailure,
  });
}

/** Sends the due deliveries once, batch by batch; the deliveries of one batch are sent side by side. */
export async function runWebhooksOnce(
  prisma: PrismaClient,
  {
    allowPrivateTargets,
    now = () => new Date(),
    batchSize = DEFAULT_BATCH_SIZE,
    logger = silentLogger,
    timeoutMs,
  }: WebhookRunOptions,
): Promise<WebhookRunResult> {
  const purged = await purgeExpiredDeliveries(prisma, now());
  if (purged) logger.info({ purged }, 'webhook delivery retention');
  const result: WebhookRunResult = { delivered: 0, failed: 0 };
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const ids = await claimDueRows(prisma, 'WebhookDelivery', {
      now: now(),
      leaseMs: CLAIM_LEASE_MS,
      batchSize,
    });
    if (ids.length === 0) break;
    const deliveries: Claimed[] = await prisma.webhookDelivery.findMany({
      where: { id: { in: ids } },
      orderBy: { id: 'asc' },
      select: claimedSelect,
    });
    await Promise.all(
      deliveries.map(async (delivery) => {
        const outcome = await attemptDelivery(prisma, delivery, { allowPrivateTargets, now, timeoutMs });
        if (outcome === 'delivered') {
          result.delivered++;
          return;
        }
        result.failed++;
        logger.warn(
          { webhookDeliveryId: delivery.id, attempts: delivery.attempts + 1 },
          outcome === 'failed' ? 'webhook delivery failed for good' : 'webhook delivery failed, will retry',
        );
      }),
    );
    if (ids.length < batchSize) break;
  }
  if (result.delivered || result.failed) logger.info({ ...result }, 'webhook run');
  return result;
}

export type WebhookWorkerOptions = WebhookTargetPolicy & {
  prisma: PrismaClient;
  logger?: WorkerLogger;
  /** Pause between runs (default 10 s). The first run starts at once. */
  intervalMs?: number;
};

export type WebhookWorker = PeriodicWorker<WebhookRunResult>;

/** Sends webhook deliveries in the background. Safe on every server of a shop: the claim keeps them apart. */
export function startWebhookWorker({
  prisma,
  logger = silentLogger,
  intervalMs = 10_000,
  allowPrivateTargets,
}: WebhookWorkerOptions): WebhookWorker {
  return startPeriodicWorker({
    run: () => runWebhooksOnce(prisma, { allowPrivateTargets, logger }),
    idle: { delivered: 0, failed: 0 },
    intervalMs,
    logger,
    failureMessage: 'webhook run failed',
  });
}
