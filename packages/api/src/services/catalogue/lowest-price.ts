import { Prisma, type PrismaClient } from '@shop/db';
import { cacheFor } from '../../cache';
import { bumpCatalogue, invalidateCatalogue } from './in-memory-index';
import { type SaleWindow, saleRunning, saleWindowOf } from './pricing';

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
 * The price a running sale is shown against (Hungarian price-display law): the lowest price of the 30
 * days before the sale started, by the same rule as `recomputeLowestPrices` (the lowest of the prices
 * that took effect in the window and the one in force when it opened) but with the window ending just
 * before the start, so the sale price itself is left out. Answers product id → that price; a product
 * with no price history before its sale is missing (it was never sold dearer, so nothing is reduced).
 */
export async function lowestPricesBeforeSales(
  db: Db,
  sales: readonly { productId: number; startsAt: number }[],
): Promise<Map<number, number>> {
  if (sales.length === 0) return new Map();
  const rows = await db.$queryRaw<{ productId: number; lowest: number | null }[]>`
    SELECT s.id AS "productId", LEAST(
      (SELECT min(h."grossPrice") FROM "ProductPriceHistory" h
        WHERE h."productId" = s.id AND h."validFrom" >= s.at - make_interval(days => ${LOWEST_PRICE_WINDOW_DAYS}::int)
          AND h."validFrom" < s.at),
      (SELECT h."grossPrice" FROM "ProductPriceHistory" h
        WHERE h."productId" = s.id AND h."validFrom" < s.at - make_interval(days => ${LOWEST_PRICE_WINDOW_DAYS}::int)
        ORDER BY h."validFrom" DESC LIMIT 1)
    ) AS lowest
    FROM (
      SELECT id, to_timestamp(ms / 1000.0) AT TIME ZONE 'UTC' AS at
      FROM unnest(${sales.map((sale) => sale.productId)}::int[], ${sales.map((sale) => sale.startsAt)}::float8[]) AS t(id, ms)
    ) AS s`;
  return new Map(
    rows.filter((row) => row.lowest !== null).map((row) => [Number(row.productId), Number(row.lowest)]),
  );
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
  // A product with a scheduled sale has entries from its boundaries on, which follow the new price.
  const onSale = await tx.product.findMany({
    where: { id: { in: changes.map((change) => change.productId) }, salePrice: { not: null } },
    select: { id: true, salePrice: true, saleStartsAt: true, saleEndsAt: true },
  });
  const sales = new Map(onSale.map((row) => [row.id, saleWindowOf(row)]));
  const plain = changes.filter((change) => !sales.has(change.productId));
  await tx.productPriceHistory.createMany({
    data: plain.map(({ productId, price }) => ({ productId, grossPrice: price, validFrom: now })),
  });
  await recomputeLowestPrices(
    tx,
    now,
    plain.map((change) => change.productId),
  );
  for (const change of changes) {
    const sale = sales.get(change.productId);
    if (sale) await recordScheduledPrices(tx, change.productId, change.price, sale, now);
  }
}

/**
 * A product's price history from `now` on, after an admin set its list price or scheduled sale, so the
 * 30-day lowest price follows what shoppers pay: the price in force now where it differs from the last
 * entry, the sale price from the sale's start, and the list price again from its end. Entries dated
 * after `now` are written only here, so they are replaced as a whole (a moved or cancelled sale leaves
 * none behind). They are written once, in the admin's transaction, whichever server saves: no server
 * has to be running at a boundary, and the lowest price counts an entry from the moment its
 * `validFrom` passes (`recomputeLowestPrices`, run here and hourly by `refreshLowestPrices`).
 */
export async function recordScheduledPrices(
  tx: Prisma.TransactionClient,
  productId: number,
  listPrice: number,
  sale: SaleWindow | null,
  now: Date,
): Promise<void> {
  const at = now.getTime();
  await tx.productPriceHistory.deleteMany({ where: { productId, validFrom: { gt: now } } });
  const last = await tx.productPriceHistory.findFirst({
    where: { productId, validFrom: { lte: now } },
    orderBy: { validFrom: 'desc' },
    select: { grossPrice: true },
  });
  const inForce = saleRunning(sale, at) ? Math.min(sale.price, listPrice) : listPrice;
  const entries: { grossPrice: number; validFrom: Date }[] = [];
  if (last?.grossPrice !== inForce) entries.push({ grossPrice: inForce, validFrom: now });
  if (sale?.startsAt != null && sale.startsAt > at) {
    entries.push({ grossPrice: sale.price, validFrom: new Date(sale.startsAt) });
  }
  if (sale?.endsAt != null && sale.endsAt > at) {
    entries.push({ grossPrice: listPrice, validFrom: new Date(sale.endsAt) });
  }
  await tx.productPriceHistory.createMany({ data: entries.map((entry) => ({ productId, ...entry })) });
  await recomputeLowestPrices(tx, now, [productId]);
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
