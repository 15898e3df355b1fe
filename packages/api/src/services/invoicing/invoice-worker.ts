import type { PrismaClient } from '@shop/db';
import {
  type PeriodicWorker,
  silentLogger,
  startPeriodicWorker,
  type WorkerLogger,
} from '../periodic-worker';
import { claimDueRows, failedAttempt, type RetryPolicy } from '../queue-claim';
import { enqueueWebhookEvent } from '../webhooks/events';
import { budapestDate, buildInvoiceRequest, invoiceOrderSelect } from './invoice-lines';
import { type InvoicingSetup, loadInvoiceConfig, resolveInvoicing } from './invoice-settings';
import { InvoicingError, type InvoicingPort, type IssuedDocument } from './invoicing-port';

/**
 * Issues the queued invoices and stornos (invoice-queue.ts), on every server:
 * 1. Rows are claimed with `FOR UPDATE SKIP LOCKED` and a lease (queue-claim.ts), so two servers never
 *    send one row at the same time.
 * 2. The try is counted before the request goes out. A row tried before (a restart or lost answer
 *    between request and answer, or an earlier failure) is first looked up at the provider by its
 *    external id (szamlaKulsoAzon; "unknown" means it was not made) and the found document recorded,
 *    so it is never issued twice.
 * 3. Maintenance and network failures are tried again after 1, 2, 4, 8 minutes; other refusals and the
 *    5th failed try (the Agent's rule) mark the row failed with the provider's message, for the admin.
 * 4. A storno waits until its invoice is issued; if the invoice failed, the storno fails too.
 */

export const MAX_INVOICE_ATTEMPTS = 5;
const LEASE_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 30 * 60_000;
/** A row's tries, 1, 2, 4 … minutes apart but never more than MAX_BACKOFF_MS. */
const RETRY: RetryPolicy = { maxAttempts: MAX_INVOICE_ATTEMPTS, maxBackoffMs: MAX_BACKOFF_MS };
const STORNO_WAIT_MS = 60_000;
const DEFAULT_BATCH_SIZE = 10;

export type InvoiceRunResult = { issued: number; failed: number; retrying: number };
const IDLE: InvoiceRunResult = { issued: 0, failed: 0, retrying: 0 };

export type InvoiceWorkerDeps = {
  prisma: PrismaClient;
  setup: InvoicingSetup;
  logger?: WorkerLogger;
};

/** The issued document on its row, and `invoice.issued` queued for the subscribed endpoints with it. */
async function record(
  prisma: PrismaClient,
  row: { id: number; orderId: number; kind: string },
  document: IssuedDocument,
  port: InvoicingPort,
  now: Date,
) {
  let pdf = document.pdf;
  if (!pdf) pdf = await port.pdf(document.number).catch(() => null);
  const grossTotal = Math.round(document.grossTotal);
  await prisma.$transaction(async (tx) => {
    const { order } = await tx.invoice.update({
      where: { id: row.id },
      data: {
        status: 'issued',
        number: document.number,
        providerId: document.providerId,
        netTotal: Math.round(document.netTotal),
        grossTotal,
        ...(pdf ? { pdf: new Uint8Array(pdf) } : {}),
        issuedAt: now,
        lastError: null,
      },
      select: { order: { select: { number: true } } },
    });
    await enqueueWebhookEvent(tx, 'invoice.issued', {
      order: { id: row.orderId, number: order.number },
      kind: row.kind === 'storno' ? 'storno' : 'invoice',
      number: document.number,
      grossTotal,
      issuedAt: now.toISOString(),
    });
  });
}

type Outcome = 'issued' | 'failed' | 'retrying' | 'waiting';

async function processRow(
  prisma: PrismaClient,
  port: InvoicingPort,
  id: number,
  now: Date,
): Promise<Outcome> {
  const row = await prisma.invoice.findUnique({
    where: { id },
    select: {
      id: true,
      orderId: true,
      kind: true,
      externalId: true,
      status: true,
      attempts: true,
      lastError: true,
    },
  });
  if (row?.status !== 'pending') return 'waiting';
  const config = await loadInvoiceConfig(prisma);

  let original: { number: string | null; status: string } | null = null;
  if (row.kind === 'storno') {
    original = await prisma.invoice.findUnique({
      where: { orderId_kind: { orderId: row.orderId, kind: 'invoice' } },
      select: { number: true, status: true },
    });
    if (original?.status === 'failed' || !original) {
      await prisma.invoice.update({
        where: { id },
        data: {
          status: 'failed',
          lastError: 'A számla nem készült el, így nincs mit sztornózni. Előbb a számlát kell kiállítani.',
        },
        select: { id: true },
      });
      return 'failed';
    }
    if (original.status !== 'issued' || !original.number) {
      await prisma.invoice.update({
        where: { id },
        data: { nextAttemptAt: new Date(now.getTime() + STORNO_WAIT_MS) },
        select: { id: true },
      });
      return 'waiting';
    }
  }

  const triedBefore = row.attempts > 0 || row.lastError !== null;
  const attempts = row.attempts + 1;
  // Rule 2: counted before the request leaves, so a crash mid-request still counts as tried.
  await prisma.invoice.update({ where: { id }, data: { attempts }, select: { id: true } });
  try {
    if (triedBefore) {
      const found = await port.findByExternalId(row.externalId);
      if (found) {
        await record(prisma, row, found, port, now);
        return 'issued';
      }
    }
    let document: IssuedDocument;
    if (row.kind === 'storno') {
      const order = await prisma.order.findUniqueOrThrow({
        where: { id: row.orderId },
        select: { email: true },
      });
      document = await port.storno({
        externalId: row.externalId,
        invoiceNumber: original?.number ?? '',
        issueDate: budapestDate(now),
        eInvoice: config.eInvoice,
        sendToBuyer: config.sendToBuyer,
        buyerEmail: order.email,
      });
    } else {
      const order = await prisma.order.findUniqueOrThrow({
        where: { id: row.orderId },
        select: invoiceOrderSelect,
      });
      document = await port.issue(
        buildInvoiceRequest(order, {
          externalId: row.externalId,
          prefix: config.prefix,
          eInvoice: config.eInvoice,
          sendToBuyer: config.sendToBuyer,
          now,
        }),
      );
    }
    await record(prisma, row, document, port, now);
    return 'issued';
  } catch (error) {
    const retryable = !(error instanceof InvoicingError) || error.retryable;
    const failure = failedAttempt(error, { attempts, retryable, now }, RETRY);
    await prisma.invoice.update({ where: { id }, data: failure.data, select: { id: true } });
    return failure.outcome;
  }
}

/** One run: claims the due rows and sends them (rules 1–4). */
export async function runInvoicesOnce(
  { prisma, setup, logger = silentLogger }: InvoiceWorkerDeps,
  { now = () => new Date(), batchSize = DEFAULT_BATCH_SIZE }: { now?: () => Date; batchSize?: number } = {},
): Promise<InvoiceRunResult> {
  const result = { ...IDLE };
  const { port, source } = await resolveInvoicing(prisma, setup);
  // No Agent key and no stand-in: the invoices wait untouched (no attempt spent) until a key is saved.
  if (source === 'none') return result;
  const ids = await claimDueRows(prisma, 'Invoice', { now: now(), leaseMs: LEASE_MS, batchSize });
  if (ids.length === 0) return result;
  for (const id of ids) {
    const outcome = await processRow(prisma, port, id, now());
    if (outcome !== 'waiting') result[outcome]++;
    if (outcome === 'failed')
      logger.warn({ invoiceId: id }, 'invoice failed for good; the admin sees the reason');
  }
  if (result.issued || result.failed || result.retrying) logger.info({ ...result }, 'invoice run');
  return result;
}

export type InvoiceWorker = PeriodicWorker<InvoiceRunResult>;

/** Issues invoices in the background, on every server (the claim keeps them from sending one twice). */
export function startInvoiceWorker(deps: InvoiceWorkerDeps & { intervalMs?: number }): InvoiceWorker {
  return startPeriodicWorker({
    run: () => runInvoicesOnce(deps),
    idle: IDLE,
    intervalMs: deps.intervalMs ?? 30_000,
    logger: deps.logger,
    failureMessage: 'invoice run failed',
  });
}
