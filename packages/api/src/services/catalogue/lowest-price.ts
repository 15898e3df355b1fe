import type { PrismaClient } from '@shop/db';
import { cacheFor } from '../../cache';
import { bumpCatalogue, invalidateCatalogue } from './in-memory-index';
import { LOWEST_PRICE_WINDOW_DAYS } from './product-admin';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Recomputes every product's lowest price of the last 30 days from its price history: the prices
 * that took effect inside the window and the one already in force when it opened. A price change
 * recomputes its own product at once; this catches the window moving on, e.g. 30 days after a
 * raise, when the old lower price must stop being shown. One set-based statement; only products
 * whose value changes are written, so running it on several servers is harmless.
 */
export async function refreshLowestPrices(prisma: PrismaClient, now = new Date()): Promise<number> {
  const windowStart = new Date(now.getTime() - LOWEST_PRICE_WINDOW_DAYS * DAY_MS);
  const changed = await prisma.$transaction(async (tx) => {
    const count = await tx.$executeRaw`
      UPDATE "Product" AS p SET "lowestPrice30d" = fresh.lowest
      FROM (
        SELECT product.id, LEAST(in_window.lowest, opening.price) AS lowest
        FROM "Product" AS product
        LEFT JOIN (
          SELECT "productId", min("grossPrice") AS lowest FROM "ProductPriceHistory"
          WHERE "validFrom" >= ${windowStart} AND "validFrom" <= ${now}
          GROUP BY "productId"
        ) AS in_window ON in_window."productId" = product.id
        LEFT JOIN (
          SELECT DISTINCT ON ("productId") "productId", "grossPrice" AS price FROM "ProductPriceHistory"
          WHERE "validFrom" < ${windowStart}
          ORDER BY "productId", "validFrom" DESC
        ) AS opening ON opening."productId" = product.id
      ) AS fresh
      WHERE fresh.id = p.id AND p."lowestPrice30d" IS DISTINCT FROM fresh.lowest`;
    if (count > 0) await bumpCatalogue(tx);
    return count;
  });
  if (changed > 0) invalidateCatalogue(cacheFor(prisma));
  return changed;
}

export type LowestPriceRefresher = { stop(): void };

/** Runs `refreshLowestPrices` now and then every `intervalMs`; the timer never keeps the process alive. */
export function startLowestPriceRefresher(options: {
  prisma: PrismaClient;
  intervalMs: number;
  onError: (error: unknown) => void;
}): LowestPriceRefresher {
  const run = () => void refreshLowestPrices(options.prisma).catch(options.onError);
  run();
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
