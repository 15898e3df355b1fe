import type { Prisma, PrismaClient } from '@shop/db';
import { type PeriodicWorker, startPeriodicWorker, type WorkerLogger } from '../periodic-worker';
import { composeEmail, type EmailDb, loadEmailTemplate } from './outbox';
import type { EmailVariables } from './render';

/**
 * The background senders of the shop (review requests, back-in-stock notices, newsletters) all work the
 * same way: claim a batch of recipients and queue their e-mails in the same short transaction, so a crash
 * before the commit leaves neither the claim nor the e-mails and a restart finds only what is still due;
 * then go on with the next batch. This file holds that loop and the rendering of a template for a batch.
 */

/** One message of a batch: its recipient, the values of the template's placeholders, any extra headers. */
export type TemplatedRecipient = {
  to: string;
  variables: EmailVariables;
  /** Sent with the message (a review request's List-Unsubscribe, RFC 8058). */
  headers?: Record<string, string>;
};

/**
 * Renders the template `templateKey` for every recipient and stores the messages in the outbox in one
 * statement, inside the caller's transaction. A missing template throws, so the transaction takes back
 * the claim that chose the recipients: they wait until the template exists rather than being lost.
 */
export async function queueTemplatedEmails(
  db: EmailDb,
  templateKey: string,
  recipients: readonly TemplatedRecipient[],
): Promise<void> {
  if (recipients.length === 0) return;
  const template = await loadEmailTemplate(db, templateKey);
  await db.emailOutbox.createMany({
    data: recipients.map(({ to, variables, headers }) => {
      const { message } = composeEmail(template, { templateKey, to, variables });
      return headers ? { ...message, headers } : message;
    }),
  });
}

/**
 * Runs `round` in a transaction of its own again and again: each round claims up to `batchSize`
 * recipients, queues their e-mails and answers how many it claimed. A round that claims fewer than a
 * full batch ends the run, and so does the `maxBatches`-th, so one run of a periodic worker stays short
 * and the rest waits for its next run. Answers the number claimed in all.
 */
export async function queueInBatches(
  prisma: PrismaClient,
  { batchSize, maxBatches = Number.POSITIVE_INFINITY }: { batchSize: number; maxBatches?: number },
  round: (tx: Prisma.TransactionClient) => Promise<number>,
): Promise<number> {
  let queued = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const claimed = await prisma.$transaction(round);
    queued += claimed;
    if (claimed < batchSize) break;
  }
  return queued;
}

/** What a run of a mail-queueing worker reports: how many e-mails it put in the outbox. */
export type MailQueueRunResult = { queued: number };

/** How the server starts a mail-queueing worker. */
export type MailQueueWorkerOptions = {
  prisma: PrismaClient;
  /** The shop's address, for the links in the e-mails. */
  publicUrl: string;
  intervalMs?: number;
  logger?: WorkerLogger;
};

/**
 * Runs `runOnce` every `intervalMs` (the worker's own default unless the server gives one) on every
 * server, logging how many e-mails a run queued, and the failure of a run under `failed`.
 */
export function startMailQueueWorker(
  { prisma, publicUrl, intervalMs, logger }: MailQueueWorkerOptions,
  worker: {
    runOnce: (deps: { prisma: PrismaClient; publicUrl: string }) => Promise<MailQueueRunResult>;
    defaultIntervalMs: number;
    /** The log line of a run that queued e-mails. */
    queued: string;
    failed: string;
  },
): PeriodicWorker<MailQueueRunResult> {
  return startPeriodicWorker({
    run: async () => {
      const result = await worker.runOnce({ prisma, publicUrl });
      if (result.queued > 0) logger?.info({ queued: result.queued }, worker.queued);
      return result;
    },
    idle: { queued: 0 },
    intervalMs: intervalMs ?? worker.defaultIntervalMs,
    logger,
    failureMessage: worker.failed,
  });
}
