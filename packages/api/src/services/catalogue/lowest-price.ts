import { Prisma, type PrismaClient } from '@shop/db';
import { cacheFor } from '../../cache';
import { bumpCatalogue, invalidateCatalogue } from './in-memory-index';

/** How far back the lowest price shown beside a reduced price looks (Hungarian price-display law). */
export const LOWEST_PRICE_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

type Db = Prisma.TransactionClient | PrismaClient;

/**
 * The 30-day lowest price rule, the one place it is written: a product's lowest list price of the
 * last 30 days is the lowest of the prices that took effect inside the window (`validFrom` from
 * `now − 30 days`, inclusive, to `now`) and the price already in force when the window opened (the
 * last one before it). A product without any price history has none (null). Later prices (a
 * `validFrom` after `now`) do not count yet.
 *
 * Writes `Product.lowestPrice30d` of the given products (every product when `productIds` is
 * missing) where the value changes, in one set-based statement; answers how many changed. The
 * caller bumps the catalogue version (a price edit does anyway; `refreshLowestPrices` does it).
 */
export function recomputeLowestPrices(db: Db, now: Date, productIds?: readonly number[]): Promise<number> {
  if (productIds && productIds.length === 0) return Promise.resolve(0);
  const windowStart = new Date(now.getTime() - LOWEST_PRICE_WINDOW_DAYS * DAY_MS);
  const ids = productIds ? [...new Set(productIds)] : null;
  const onlyProducts = (column: Prisma.Sql) =>
    ids ? Prisma.sql`AND ${column} = ANY(${ids}::int[])` : Prisma.empty;
  return db.$executeRaw`
    UPDATE "Product" AS p SET "lowestPrice30d" = fresh.lowest
    FROM (
      SELECT product.id, LEAST(in_window.lowest, opening.price) AS lowest
      FROM "Product" AS product
      LEFT JOIN (
        SELECT "productId", min("grossPrice") AS lowest FROM "ProductPriceHistory"
        WHERE "validFrom" >= ${windowStart} AND "validFrom" <= ${now} ${onlyProducts(Prisma.sql`"productId"`)}
        GROUP BY "productId"
      ) AS in_window ON in_window."productId" = product.id
      LEFT JOIN (
        SELECT DISTINCT ON ("productId") "productId", "grossPrice" AS price FROM "ProductPriceHistory"
        WHERE "validFrom" < ${windowStart} ${onlyProducts(Prisma.sql`"productId"`)}
        ORDER BY "productId", "validFrom" DESC
      ) AS opening ON opening."productId" = product.id
      WHERE TRUE ${onlyProducts(Prisma.sql`product.id`)}
    ) AS fresh
    WHERE fresh.id = p.id AND p."lowestPrice30d" IS DISTINCT FROM fresh.lowest`;
}

/**
 * The one path a new list price takes, from an admin's edit or a bulk update by code alike: a price
 * history entry from `now`, then the lowest price of those products by the rule above. The caller has
 * written `Product.grossPrice` and bumps the catalogue version in the same transaction.
 */
export async function recordPriceChanges(
  tx: Prisma.TransactionClient,
  changes: readonly { productId: number; price: number }[],
  now: Date,
): Promise<void> {
  if (changes.length === 0) return;
  await tx.productPriceHistory.createMany({
    data: changes.map(({ productId, price }) => ({ productId, grossPrice: price, validFrom: now })),
  });
  await recomputeLowestPrices(
    tx,
    now,
    changes.map((change) => change.productId),
  );
}

/**
 * Recomputes every product's lowest price of the last 30 days. A price change recomputes its own
 * product at once; this catches the window moving on, e.g. 30 days after a raise, when the old lower
 * price must stop being shown. Only products whose value changes are written, so running it on
 * several servers is harmless.
 */
export async function refreshLowestPrices(prisma: PrismaClient, now = new Date()): Promise<number> {
  const changed = await prisma.$transaction(async (tx) => {
    const count = await recomputeLowestPrices(tx, now);
    if (count > 0) await bumpCatalogue(tx);
    return count;
  });
  if (changed > 0) invalidateCatalogue(cacheFor(prisma));
  return changed;
}

export type LowestPriceRefresher = {
  /** Stops the timer and waits for a refresh in progress, so shutdown closes no database under it. */
  stop(): Promise<void>;
};

/** Runs `refreshLowestPrices` now and then every `intervalMs`, one at a time; the timer never keeps the process alive. */
export function startLowestPriceRefresher(options: {
  prisma: PrismaClient;
  intervalMs: number;
  onError: (error: unknown) => void;
}): LowestPriceRefresher {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running.then(() => refreshLowestPrices(options.prisma).catch(options.onError));
  };
  run();
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
