import { createHash } from 'node:crypto';
import type { PrismaClient } from '@shop/db';
import { escapeHtml } from '../../html-escape';
import type { TReviewSettings, TReviewSettingsInput } from '../../schemas/review';
import { formatBudapestDate } from '../email/format';
import { htmlToText } from '../email/render';
import {
  type MailQueueWorkerOptions,
  queueInBatches,
  queueTemplatedEmails,
  startMailQueueWorker,
} from '../email/templated-mail';
import type { PeriodicWorker } from '../periodic-worker';

/**
 * The review-request e-mail (#29): some days after an order is completed, its buyer is asked once to review
 * what they received. The rules, each tested in test/review-requests.test.ts:
 *
 * 1. Only while the shop's switch is on (ReviewSetting, on by default), and only once `requestDelayDays`
 *    (7 by default) have passed since the order was completed (`completedAt`).
 * 2. Only for an order that stayed delivered: completed or partially refunded, never cancelled, refunded
 *    or failed. An order more than REQUEST_WINDOW_DAYS late is let go, so switching the e-mail on (or a
 *    new release) does not ask every buyer of the shop's past at once.
 * 3. Only to a buyer with an account, since a review is written signed in (shopper-reviews.ts, rule 1):
 *    never for a guest order, nor to an anonymised or deleted account, and only while one of the order's
 *    products is still unreviewed by them.
 * 4. Never to an address that opted out through the link every such e-mail carries (and its
 *    `List-Unsubscribe` header, which a mail client's own button posts to, RFC 8058): the opt-out list
 *    keeps only the SHA-256 of the lower-cased address.
 * 5. Never twice for an order: one statement inserts the order's ReviewRequest row, whose unique order is
 *    the claim (`ON CONFLICT DO NOTHING`: a second server running at the same moment waits for the first
 *    one's row and then skips it), and the same transaction queues the e-mail. A crash before the commit
 *    leaves neither, a restart after it finds the row.
 */

type Deps = { prisma: PrismaClient };

export const REVIEW_REQUEST_TEMPLATE = 'review_request';
/** How late a request may still go: an order completed longer ago than delay + this is not asked. */
export const REQUEST_WINDOW_DAYS = 14;
/** Where the opt-out link of the e-mail points (apps/server serves it). */
export const REVIEW_OPT_OUT_PATH = '/review-request/unsubscribe';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_INTERVAL_MS = 15 * 60_000;
const DEFAULT_BATCH_SIZE = 100;
const MAX_BATCHES_PER_RUN = 10;
const DEFAULT_SETTINGS: TReviewSettings = { requestEnabled: true, requestDelayDays: 7 };

export async function getReviewSettings(deps: Deps): Promise<TReviewSettings> {
  const row = await deps.prisma.reviewSetting.findUnique({
    where: { id: 1 },
    select: { requestEnabled: true, requestDelayDays: true },
  });
  return row ?? DEFAULT_SETTINGS;
}

export async function updateReviewSettings(
  deps: Deps,
  input: TReviewSettingsInput,
): Promise<TReviewSettings> {
  return deps.prisma.reviewSetting.upsert({
    where: { id: 1 },
    create: { id: 1, ...input },
    update: input,
    select: { requestEnabled: true, requestDelayDays: true },
  });
}

/** The opt-out list's key of an address (rule 4); the SQL of the claim computes the same. */
export function optOutDigest(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/**
 * What a ReviewRequest row keeps of its opt-out token: its SHA-256 (hex), so the database (or a backup of
 * it) holds no link that opts a buyer out; the e-mail carries the token itself. Two random UUIDs (244 random bits) need no salt.
 */
export function reviewTokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The e-mail's one-click opt-out: the address the request went to (its account's address now) asks for no
 * more. Answers whether the link was known; a second click changes nothing and is just as fine.
 */
export async function optOutOfReviewRequests(deps: Deps, token: string): Promise<boolean> {
  const request = await deps.prisma.reviewRequest.findUnique({
    where: { token: reviewTokenDigest(token) },
    select: { orderId: true },
  });
  if (!request) return false;
  const order = await deps.prisma.order.findUnique({
    where: { id: request.orderId },
    select: { user: { select: { email: true } } },
  });
  if (order?.user) {
    await deps.prisma.reviewRequestOptOut.upsert({
      where: { digest: optOutDigest(order.user.email) },
      create: { digest: optOutDigest(order.user.email) },
      update: {},
      select: { digest: true },
    });
  }
  return true;
}

export type ReviewRequestRunResult = { queued: number };

type Claimed = { orderId: number; token: string };

/** The products of an order its buyer has not reviewed yet, in line order, each once. */
function unreviewedTitles(
  lines: { productId: number | null; productTitle: string }[],
  reviewed: ReadonlySet<number>,
): string[] {
  const seen = new Set<number>();
  const titles: string[] = [];
  for (const line of lines) {
    if (line.productId === null || reviewed.has(line.productId) || seen.has(line.productId)) continue;
    seen.add(line.productId);
    titles.push(line.productTitle);
  }
  return titles;
}

/** Claims due orders and queues their e-mails, a batch per transaction (rules 1–5). */
export async function sendReviewRequestsOnce(
  { prisma, publicUrl }: Deps & { publicUrl: string },
  { now = new Date(), batchSize = DEFAULT_BATCH_SIZE }: { now?: Date; batchSize?: number } = {},
): Promise<ReviewRequestRunResult> {
  const settings = await getReviewSettings({ prisma });
  if (!settings.requestEnabled) return { queued: 0 };
  const shopUrl = publicUrl.replace(/\/+$/, '');
  const dueBefore = new Date(now.getTime() - settings.requestDelayDays * DAY_MS);
  const tooOld = new Date(dueBefore.getTime() - REQUEST_WINDOW_DAYS * DAY_MS);
  const queued = await queueInBatches(prisma, { batchSize, maxBatches: MAX_BATCHES_PER_RUN }, async (tx) => {
    // The raw token exists only in this statement's result and the e-mail: the row keeps its hash. The
    // CTE is read twice, so it is computed once and the hash stored is the hash of the token returned.
    const rows = await tx.$queryRaw<Claimed[]>`
        WITH due AS (
        SELECT o.id AS "orderId", replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') AS raw
        FROM "Order" o
        JOIN "User" u ON u.id = o."userId"
        WHERE o.status IN ('completed', 'partially_refunded')
          AND o."completedAt" <= ${dueBefore.toISOString()}::timestamp
          AND o."completedAt" > ${tooOld.toISOString()}::timestamp
          AND u."anonymizedAt" IS NULL
          AND NOT EXISTS (SELECT 1 FROM "ReviewRequest" r WHERE r."orderId" = o.id)
          AND NOT EXISTS (
            SELECT 1 FROM "ReviewRequestOptOut" x
            WHERE x.digest = encode(sha256(convert_to(lower(btrim(u.email)), 'UTF8')), 'hex')
          )
          AND EXISTS (
            SELECT 1 FROM "OrderLine" l
            WHERE l."orderId" = o.id AND l."productId" IS NOT NULL
              AND NOT EXISTS (
                SELECT 1 FROM "Review" v WHERE v."userId" = o."userId" AND v."productId" = l."productId"
              )
          )
        ORDER BY o."completedAt", o.id
        LIMIT ${batchSize}::int
        ), claimed AS (
          INSERT INTO "ReviewRequest" ("orderId", "token")
          SELECT "orderId", encode(sha256(convert_to(raw, 'UTF8')), 'hex') FROM due
          ON CONFLICT ("orderId") DO NOTHING
          RETURNING "orderId"
        )
        SELECT c."orderId", d.raw AS "token" FROM claimed c JOIN due d ON d."orderId" = c."orderId"`;
    if (rows.length === 0) return 0;
    const tokenOf = new Map(rows.map((row) => [Number(row.orderId), row.token]));
    const orders = await tx.order.findMany({
      where: { id: { in: [...tokenOf.keys()] } },
      orderBy: { id: 'asc' },
      select: {
        id: true,
        number: true,
        createdAt: true,
        userId: true,
        user: { select: { email: true, firstName: true } },
        lines: { select: { productId: true, productTitle: true }, orderBy: { id: 'asc' } },
      },
    });
    const reviews = await tx.review.findMany({
      where: { userId: { in: orders.flatMap((order) => (order.userId === null ? [] : [order.userId])) } },
      select: { userId: true, productId: true },
    });
    const messages = orders.flatMap((order) => {
      if (!order.user) return [];
      const reviewed = new Set(
        reviews.filter((review) => review.userId === order.userId).map((review) => review.productId),
      );
      const listHtml = `<ul>${unreviewedTitles(order.lines, reviewed)
        .map((title) => `<li>${escapeHtml(title)}</li>`)
        .join('')}</ul>`;
      const optOutLink = `${shopUrl}${REVIEW_OPT_OUT_PATH}?token=${tokenOf.get(order.id) ?? ''}`;
      return [
        {
          to: order.user.email,
          variables: {
            firstName: order.user.firstName,
            orderNumber: order.number,
            orderDate: formatBudapestDate(order.createdAt),
            reviewProducts: { html: listHtml, text: htmlToText(listHtml) },
            reviewLink: `${shopUrl}/order/${order.id}`,
            reviewOptOutLink: optOutLink,
            shopUrl,
          },
          headers: {
            'List-Unsubscribe': `<${optOutLink}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        },
      ];
    });
    // Thrown for a missing template, the transaction takes the claims back: the orders wait for it.
    await queueTemplatedEmails(tx, REVIEW_REQUEST_TEMPLATE, messages);
    return rows.length;
  });
  return { queued };
}

export type ReviewRequestWorker = PeriodicWorker<ReviewRequestRunResult>;

export function startReviewRequestWorker(options: MailQueueWorkerOptions): ReviewRequestWorker {
  return startMailQueueWorker(options, {
    runOnce: sendReviewRequestsOnce,
    defaultIntervalMs: DEFAULT_INTERVAL_MS,
    queued: 'Értékelést kérő levelek a levelek között',
    failed: 'Az értékelést kérő levelek küldése nem sikerült',
  });
}
