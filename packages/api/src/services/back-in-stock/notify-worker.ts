import type { PrismaClient } from '@shop/db';
import { productPrettySlug } from '../../schemas';
import { soldTitle } from '../catalogue/variants';
import { formatForint } from '../email/format';
import {
  type MailQueueWorkerOptions,
  queueInBatches,
  queueTemplatedEmails,
  startMailQueueWorker,
} from '../email/templated-mail';
import type { PeriodicWorker } from '../periodic-worker';

export const BACK_IN_STOCK_TEMPLATE = 'back_in_stock';
const DEFAULT_INTERVAL_MS = 60_000;
const DEFAULT_BATCH_SIZE = 200;
/** Runs that find a full batch go on, up to this many batches, before waiting for the next interval. */
const MAX_BATCHES_PER_RUN = 10;

/**
 * Sends "Újra raktáron" e-mails. Stock rises in many places (an admin's edit, `POST /api/product/stock`,
 * a cancelled order or failed payment giving its pieces back, …); instead of hooking each of them, a
 * worker on every server looks for waiting requests whose product is enabled and in stock now (for a request naming a variant: that variant).
 *
 * One statement claims them: `UPDATE … SET "notifiedAt" = now() WHERE "notifiedAt" IS NULL … RETURNING`,
 * with the rows locked `FOR UPDATE SKIP LOCKED`, and the same transaction queues their e-mails in the
 * outbox. Another server's run skips or, after this commit, no longer matches those rows; a crash
 * before the commit leaves both the mark and the e-mails unwritten. So each request is e-mailed once.
 */
export type BackInStockRunResult = { queued: number };

type Claimed = {
  id: number;
  email: string;
  productId: number;
  variantId: number | null;
  slug: string;
  grossPrice: number;
  title: string | null;
  /** The variant's option values in option order ("kék, M"); null for a product sold as itself. */
  variantTitle: string | null;
};

export async function sendBackInStockOnce(
  { prisma, publicUrl }: { prisma: PrismaClient; publicUrl: string },
  { batchSize = DEFAULT_BATCH_SIZE }: { batchSize?: number } = {},
): Promise<BackInStockRunResult> {
  const shopUrl = publicUrl.replace(/\/+$/, '');
  const queued = await queueInBatches(prisma, { batchSize, maxBatches: MAX_BATCHES_PER_RUN }, async (tx) => {
    // A request for a variant waits for that variant (enabled, with stock), not for its product's sum.
    const rows = await tx.$queryRaw<Claimed[]>`
        UPDATE "StockNotification" n SET "notifiedAt" = now()
        FROM "Product" p
        WHERE n.id IN (
            SELECT s.id FROM "StockNotification" s
            JOIN "Product" q ON q.id = s."productId"
            LEFT JOIN "ProductVariant" w ON w.id = s."variantId"
            WHERE s."notifiedAt" IS NULL AND q.enabled
              AND CASE WHEN s."variantId" IS NULL THEN q.stock > 0 ELSE w.enabled AND w.stock > 0 END
            ORDER BY s.id
            LIMIT ${batchSize}::int
            FOR UPDATE OF s SKIP LOCKED
          )
          AND n."notifiedAt" IS NULL AND p.id = n."productId" AND p.enabled
          AND CASE WHEN n."variantId" IS NULL THEN p.stock > 0
            ELSE EXISTS (SELECT 1 FROM "ProductVariant" x WHERE x.id = n."variantId" AND x.enabled AND x.stock > 0) END
        RETURNING n.id, n.email, n."productId", n."variantId", p.slug,
          coalesce((SELECT x."grossPrice" FROM "ProductVariant" x WHERE x.id = n."variantId"), p."grossPrice") AS "grossPrice",
          (SELECT d.title FROM "Description" d WHERE d."productId" = p.id
           ORDER BY (d.language = 'hu') DESC, d.id LIMIT 1) AS title,
          (SELECT string_agg(coalesce((SELECT d.title FROM "Description" d WHERE d."propertyValueId" = pv.id
                ORDER BY (d.language = 'hu') DESC, d.id LIMIT 1), ''), ', ' ORDER BY o.position, o."propertyId")
           FROM "ProductVariantValue" vv
           JOIN "PropertyValue" pv ON pv.id = vv."propertyValueId"
           JOIN "ProductOption" o ON o."productId" = n."productId" AND o."propertyId" = pv."propertyId"
           WHERE vv."variantId" = n."variantId") AS "variantTitle"`;
    if (rows.length === 0) return 0;
    // Thrown for a missing template, the transaction takes the marks back: the requests wait for it.
    await queueTemplatedEmails(
      tx,
      BACK_IN_STOCK_TEMPLATE,
      rows.map((row) => ({
        to: row.email,
        variables: {
          productName: soldTitle(row.title ?? row.slug, { title: row.variantTitle ?? '' }),
          productPrice: formatForint(Number(row.grossPrice)),
          productLink: `${shopUrl}/${productPrettySlug(row.slug, Number(row.productId))}${
            row.variantId === null ? '' : `?variant=${Number(row.variantId)}`
          }`,
          shopUrl,
        },
      })),
    );
    return rows.length;
  });
  return { queued };
}

export type BackInStockWorker = PeriodicWorker<BackInStockRunResult>;

export function startBackInStockWorker(options: MailQueueWorkerOptions): BackInStockWorker {
  return startMailQueueWorker(options, {
    runOnce: sendBackInStockOnce,
    defaultIntervalMs: DEFAULT_INTERVAL_MS,
    queued: 'Újra raktáron: értesítők a levelek között',
    failed: 'Az újra raktáron értesítők küldése nem sikerült',
  });
}
