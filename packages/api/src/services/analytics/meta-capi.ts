import { createHash } from 'node:crypto';
import type { Prisma, PrismaClient } from '@shop/db';
import {
  type PeriodicWorker,
  silentLogger,
  startPeriodicWorker,
  type WorkerLogger,
} from '../periodic-worker';
import { claimDueRows, failedAttempt, type RetryPolicy } from '../queue-claim';
import { loadMetaCapiAccount, type MetaCapiAccount } from './settings';

/**
 * A paid order's `Purchase` for Meta's Conversions API, sent from the server beside the browser's Pixel.
 *
 * 1. Consent: the order carries the buyer's cookie-consent id (`Order.marketingConsentId`), set at
 *    checkout only when the choice the shop recorded for that id (ConsentRecord, POST /api/consent)
 *    allowed marketing. When the order becomes paid, the latest record for that id is read again: a
 *    buyer who withdrew marketing consent in between is not reported. No id, no record, or no
 *    marketing: nothing is queued, ever.
 * 2. Once: the row is written in the transaction that makes the order paid (payments/recorded-payment.ts
 *    `creditOrderPayment`, the one place `paidAt` is set), one per order (`orderId` unique, `ON CONFLICT
 *    DO NOTHING`), and only while the Pixel is on with a saved token.
 * 3. Deduplication: its `event_id` is `order-<number>`, the eventID the browser's Pixel sends for the
 *    same purchase (apps/web features/analytics), so Meta counts it once. A retry after a lost answer
 *    repeats the same event id, which Meta drops too.
 * 4. Personal data leaves only hashed: e-mail, phone, first and last name, billing city and postcode
 *    (and the country) normalised as Meta asks (trimmed, lower case; the phone as digits with the
 *    country code), then SHA-256.
 * 5. Network failures, 429 and 5xx answers are retried after 1, 2, 4 … minutes, at most MAX_ATTEMPTS
 *    tries; any other refusal (a wrong token or Pixel) marks the row failed with Meta's message.
 */

export const META_GRAPH_URL = 'https://graph.facebook.com';
export const META_GRAPH_VERSION = 'v21.0';
export const MAX_META_CONVERSION_ATTEMPTS = 6;
const LEASE_MS = 2 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** A row's tries, 1, 2, 4 … minutes apart but never more than MAX_BACKOFF_MS. */
const RETRY: RetryPolicy = { maxAttempts: MAX_META_CONVERSION_ATTEMPTS, maxBackoffMs: MAX_BACKOFF_MS };
const DEFAULT_BATCH_SIZE = 20;
const REQUEST_TIMEOUT_MS = 15_000;

/** Rule 3: the event id of an order's purchase, the same in the browser and on the server. */
export const purchaseEventId = (orderNumber: string): string => `order-${orderNumber}`;

/** Rule 1's check: the latest recorded choice under this consent id allows marketing. */
type Db = Prisma.TransactionClient | PrismaClient;

async function marketingAllowed(db: Db, consentId: string | null): Promise<boolean> {
  if (!consentId) return false;
  const latest = await db.consentRecord.findFirst({
    where: { consentId: consentId.toLowerCase() },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { marketing: true },
  });
  return latest?.marketing === true;
}

/**
 * The consent id an order placed now carries: the buyer's, when their latest recorded choice allows
 * marketing; else null (rule 1).
 */
export async function marketingConsentForOrder(
  db: Db,
  consentId: string | null | undefined,
): Promise<string | null> {
  const id = consentId?.trim().toLowerCase() || null;
  return (await marketingAllowed(db, id)) ? id : null;
}

/** Rules 1 and 2, in the caller's transaction: the order just became paid. */
export async function queueMetaPurchase(tx: Prisma.TransactionClient, orderId: number): Promise<boolean> {
  const settings = await tx.analyticsSetting.findUnique({
    where: { id: 1 },
    select: { metaPixelEnabled: true, metaPixelId: true, metaCapiTokenEncrypted: true },
  });
  if (!settings?.metaPixelEnabled || !settings.metaPixelId || !settings.metaCapiTokenEncrypted) return false;
  const order = await tx.order.findUnique({
    where: { id: orderId },
    select: { number: true, marketingConsentId: true },
  });
  if (!order || !(await marketingAllowed(tx, order.marketingConsentId))) return false;
  const inserted = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "MetaConversion" ("orderId", "eventId", status, "nextAttemptAt", "createdAt")
    VALUES (${orderId}, ${purchaseEventId(order.number)}, 'pending', now(), now())
    ON CONFLICT ("orderId") DO NOTHING
    RETURNING id`;
  return inserted.length > 0;
}

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Rule 4: Meta's normalisation of an e-mail address. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Rule 4: a phone number as Meta asks, digits with the country code and no leading zeros. Hungarian
 * numbers written nationally ("06 30 …", "30 …") get the 36 country code; null when too short to be one.
 */
export function normalizePhone(phone: string): string | null {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    // Already international.
  } else if (digits.startsWith('00')) {
    digits = digits.slice(2);
  } else if (digits.startsWith('06')) {
    digits = `36${digits.slice(2)}`;
  } else if (!digits.startsWith('36')) {
    digits = `36${digits}`;
  }
  digits = digits.replace(/^0+/, '');
  return digits.length >= 8 ? digits : null;
}

const orderSelect = {
  number: true,
  email: true,
  phone: true,
  firstName: true,
  lastName: true,
  billingCity: true,
  billingPostcode: true,
  grandTotal: true,
  paidAt: true,
  createdAt: true,
  marketingConsentId: true,
  lines: { select: { productId: true, quantity: true, unitPrice: true, gift: true }, orderBy: { id: 'asc' } },
} as const satisfies Prisma.OrderSelect;
type PaidOrder = Prisma.OrderGetPayload<{ select: typeof orderSelect }>;

/**
 * What Meta asks of a website event beyond the hashed customer data: the browser's user agent and the
 * page it happened on. The user agent is the one the buyer's consent was recorded from (the same
 * browser, and the only one the shop keeps, with that consent); the page is the checkout, where the
 * order was placed.
 */
export type PurchaseContext = { userAgent: string | null; sourceUrl: string | null };

/** The user agent of the buyer's latest recorded consent, which the order carries (rule 1). */
async function consentUserAgent(db: Db, consentId: string | null): Promise<string | null> {
  if (!consentId) return null;
  const latest = await db.consentRecord.findFirst({
    where: { consentId: consentId.toLowerCase() },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { userAgent: true },
  });
  return latest?.userAgent ?? null;
}

/** The Conversions API request body for one paid order (without the access token). */
export function purchaseEvent(
  order: PaidOrder,
  eventId: string,
  context: PurchaseContext = { userAgent: null, sourceUrl: null },
) {
  const phone = order.phone ? normalizePhone(order.phone) : null;
  const lines = order.lines.filter((line) => line.productId !== null && !line.gift);
  return {
    event_name: 'Purchase',
    event_time: Math.floor((order.paidAt ?? order.createdAt).getTime() / 1000),
    event_id: eventId,
    action_source: 'website',
    ...(context.sourceUrl ? { event_source_url: context.sourceUrl } : {}),
    user_data: {
      ...(context.userAgent ? { client_user_agent: context.userAgent } : {}),
      em: [sha256(normalizeEmail(order.email))],
      ...(phone ? { ph: [sha256(phone)] } : {}),
      fn: [sha256(order.firstName.trim().toLowerCase())],
      ln: [sha256(order.lastName.trim().toLowerCase())],
      ct: [sha256(order.billingCity.trim().toLowerCase().replace(/\s+/g, ''))],
      zp: [sha256(order.billingPostcode.trim())],
      country: [sha256('hu')],
    },
    custom_data: {
      currency: 'HUF',
      value: order.grandTotal,
      order_id: order.number,
      content_type: 'product',
      content_ids: lines.map((line) => String(line.productId)),
      contents: lines.map((line) => ({
        id: String(line.productId),
        quantity: line.quantity,
        item_price: line.unitPrice,
      })),
      num_items: lines.reduce((sum, line) => sum + line.quantity, 0),
    },
  };
}

/** A refusal of the Graph API: `retryable` for 429, 5xx and network failures (rule 5). */
export class MetaCapiError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'MetaCapiError';
  }
}

export type MetaCapiSetup = {
  /** The Graph API's base (https://graph.facebook.com, or a stand-in speaking its API). */
  graphUrl: string;
  /** Opens the saved token; null: none configured, so no token could have been saved. */
  encryptionKey: Buffer | null;
  /** The shop's public address, for the event's `event_source_url`; left out, the event goes without. */
  shopUrl?: string;
};

async function postEvents(
  setup: MetaCapiSetup,
  account: MetaCapiAccount,
  event: ReturnType<typeof purchaseEvent>,
  fetchImpl: typeof fetch,
): Promise<void> {
  const url = `${setup.graphUrl.replace(/\/+$/, '')}/${META_GRAPH_VERSION}/${encodeURIComponent(account.pixelId)}/events`;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: [event], access_token: account.accessToken }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new MetaCapiError(
      `A Meta nem érhető el: ${error instanceof Error ? error.message : String(error)}`,
      true,
    );
  }
  const text = await response.text().catch(() => '');
  if (response.ok) return;
  let message = text.slice(0, 300);
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string } };
    if (parsed.error?.message) message = parsed.error.message;
  } catch {
    // Not JSON: the start of the answer is the message.
  }
  throw new MetaCapiError(
    `A Meta elutasította (HTTP ${response.status}): ${message}`,
    response.status === 429 || response.status >= 500,
  );
}

export type MetaConversionRunResult = { sent: number; failed: number; retrying: number };
const IDLE: MetaConversionRunResult = { sent: 0, failed: 0, retrying: 0 };

export type MetaConversionWorkerDeps = {
  prisma: PrismaClient;
  setup: MetaCapiSetup;
  logger?: WorkerLogger;
  fetch?: typeof fetch;
};

async function processRow(
  deps: MetaConversionWorkerDeps,
  account: MetaCapiAccount,
  id: number,
  now: Date,
): Promise<'sent' | 'failed' | 'retrying' | 'skipped'> {
  const { prisma } = deps;
  const row = await prisma.metaConversion.findUnique({
    where: { id },
    select: { orderId: true, eventId: true, status: true, attempts: true },
  });
  if (row?.status !== 'pending') return 'skipped';
  const order = await prisma.order.findUnique({ where: { id: row.orderId }, select: orderSelect });
  // Rule 1 once more at sending: a withdrawal recorded since the order was paid still counts.
  if (!order || !(await marketingAllowed(prisma, order.marketingConsentId))) {
    await prisma.metaConversion.update({
      where: { id },
      data: {
        status: 'failed',
        lastError: 'A vásárló visszavonta a marketing-hozzájárulást: nem jelentjük.',
      },
      select: { id: true },
    });
    return 'failed';
  }
  const attempts = row.attempts + 1;
  // Counted before the request leaves, so a crash mid-request still counts as a try.
  await prisma.metaConversion.update({ where: { id }, data: { attempts }, select: { id: true } });
  try {
    const context: PurchaseContext = {
      userAgent: await consentUserAgent(prisma, order.marketingConsentId),
      sourceUrl: deps.setup.shopUrl ? `${deps.setup.shopUrl.replace(/\/+$/, '')}/order/checkout` : null,
    };
    await postEvents(deps.setup, account, purchaseEvent(order, row.eventId, context), deps.fetch ?? fetch);
    await prisma.metaConversion.update({
      where: { id },
      data: { status: 'sent', sentAt: now, lastError: null },
      select: { id: true },
    });
    return 'sent';
  } catch (error) {
    const retryable = !(error instanceof MetaCapiError) || error.retryable;
    const failure = failedAttempt(error, { attempts, retryable, now }, RETRY);
    await prisma.metaConversion.update({ where: { id }, data: failure.data, select: { id: true } });
    return failure.outcome;
  }
}

/** One run: claims the due purchases and sends them (rules 3–5). */
export async function runMetaConversionsOnce(
  deps: MetaConversionWorkerDeps,
  { now = () => new Date(), batchSize = DEFAULT_BATCH_SIZE }: { now?: () => Date; batchSize?: number } = {},
): Promise<MetaConversionRunResult> {
  const { prisma, logger = silentLogger } = deps;
  const result = { ...IDLE };
  const pending = await prisma.metaConversion.count({ where: { status: 'pending' } });
  if (pending === 0) return result;
  // The Pixel switched off or the token removed since: the rows wait, no try spent, until it is back.
  const account = await loadMetaCapiAccount(prisma, deps.setup.encryptionKey);
  if (!account) return result;
  const ids = await claimDueRows(prisma, 'MetaConversion', { now: now(), leaseMs: LEASE_MS, batchSize });
  for (const id of ids) {
    const outcome = await processRow(deps, account, id, now());
    if (outcome !== 'skipped') result[outcome]++;
  }
  if (result.sent || result.failed || result.retrying) logger.info({ ...result }, 'meta conversions run');
  return result;
}

export type MetaConversionWorker = PeriodicWorker<MetaConversionRunResult>;

/** Sends the queued purchases in the background, on every server (the claim keeps them from sending one twice). */
export function startMetaConversionWorker(
  deps: MetaConversionWorkerDeps & { intervalMs?: number },
): MetaConversionWorker {
  return startPeriodicWorker({
    run: () => runMetaConversionsOnce(deps),
    idle: IDLE,
    intervalMs: deps.intervalMs ?? 30_000,
    logger: deps.logger,
    failureMessage: 'meta conversions run failed',
  });
}

/** The Graph API base this server uses: META_GRAPH_URL, else the stand-in at the shop's address, else Meta's. */
export function metaGraphUrlFor(options: {
  configured: string | null;
  standIns: boolean;
  publicUrl: string;
}): string {
  if (options.configured) return options.configured;
  return options.standIns ? `${options.publicUrl.replace(/\/+$/, '')}${META_STAND_IN_PATH}` : META_GRAPH_URL;
}

/** Where the shop's server mounts the Graph API stand-in while stand-ins are on. */
export const META_STAND_IN_PATH = '/_meta';
