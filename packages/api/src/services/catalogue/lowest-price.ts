import { Prisma, type PrismaClient } from '@shop/db';
import { cacheFor } from '../../cache';
import { bumpCatalogue, invalidateCatalogue } from './in-memory-index';
import { type SaleWindow, saleRunning, saleWindowOf } from './pricing';

/** How far back the lowest price shown beside a reduced price looks (Hungarian price-display law). */
export const LOWEST_PRICE_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

type Db = Prisma.TransactionClient | PrismaClient;

/**
 * Whose list prices a history entry records: a product's own (`variantId` null), or the own list price
 * of a variant, which then has a 30-day lowest price of its own. A variant without a list price of its
 * own is sold at its product's and shown against the product's.
 */
export type PriceOwnerKind = 'product' | 'variant';
export type PriceOwner = { productId: number; variantId: number | null };

/** The table, its history key and the history rows of each kind (constants, never input). */
const OWNER_SQL: Record<PriceOwnerKind, { table: Prisma.Sql; key: Prisma.Sql; rows: Prisma.Sql }> = {
  product: {
    table: Prisma.raw('"Product"'),
    key: Prisma.raw('"productId"'),
    rows: Prisma.raw('"variantId" IS NULL'),
  },
  variant: {
    table: Prisma.raw('"ProductVariant"'),
    key: Prisma.raw('"variantId"'),
    rows: Prisma.raw('"variantId" IS NOT NULL'),
  },
};

/**
 * The 30-day lowest price rule, the one place it is written: a product's (or a variant's own) lowest
 * list price of the last 30 days is the lowest of the prices that took effect inside the window
 * (`validFrom` from `now − 30 days`, inclusive, to `now`) and the price already in force when the
 * window opened (the last one before it). One without any price history has none (null), and so has a
 * variant without a list price of its own. Later prices (a `validFrom` after `now`) do not count yet.
 *
 * Writes `lowestPrice30d` of the given products or variants (every one when `ids` is missing) where
 * the value changes, in one set-based statement; answers how many changed. The caller bumps the
 * catalogue version (a price edit does anyway; `refreshLowestPrices` does it).
 */
export function recomputeLowestPrices(
  db: Db,
  now: Date,
  ids?: readonly number[],
  kind: PriceOwnerKind = 'product',
): Promise<number> {
  if (ids && ids.length === 0) return Promise.resolve(0);
  const windowStart = new Date(now.getTime() - LOWEST_PRICE_WINDOW_DAYS * DAY_MS);
  const only = ids ? [...new Set(ids)] : null;
  const { table, key, rows } = OWNER_SQL[kind];
  const onlyThese = (column: Prisma.Sql) =>
    only ? Prisma.sql`AND ${column} = ANY(${only}::int[])` : Prisma.empty;
  return db.$executeRaw`
    UPDATE ${table} AS target SET "lowestPrice30d" = fresh.lowest
    FROM (
      SELECT owner.id,
        CASE WHEN owner."grossPrice" IS NULL THEN NULL ELSE LEAST(in_window.lowest, opening.price) END AS lowest
      FROM ${table} AS owner
      LEFT JOIN (
        SELECT ${key} AS id, min("grossPrice") AS lowest FROM "ProductPriceHistory"
        WHERE ${rows} AND "validFrom" >= ${windowStart} AND "validFrom" <= ${now} ${onlyThese(key)}
        GROUP BY ${key}
      ) AS in_window ON in_window.id = owner.id
      LEFT JOIN (
        SELECT DISTINCT ON (${key}) ${key} AS id, "grossPrice" AS price FROM "ProductPriceHistory"
        WHERE ${rows} AND "validFrom" < ${windowStart} ${onlyThese(key)}
        ORDER BY ${key}, "validFrom" DESC
      ) AS opening ON opening.id = owner.id
      WHERE TRUE ${onlyThese(Prisma.sql`owner.id`)}
    ) AS fresh
    WHERE fresh.id = target.id AND target."lowestPrice30d" IS DISTINCT FROM fresh.lowest`;
}

/**
 * The price a running sale is shown against (Hungarian price-display law): the lowest price of the 30
 * days before the sale started, by the same rule as `recomputeLowestPrices` (the lowest of the prices
 * that took effect in the window and the one in force when it opened) but with the window ending just
 * before the start, so the sale price itself is left out. Answers product (or variant) id → that
 * price; one with no price history before its sale is missing (it was never sold dearer, so nothing is
 * reduced).
 */
export async function lowestPricesBeforeSales(
  db: Db,
  sales: readonly { id: number; startsAt: number }[],
  kind: PriceOwnerKind = 'product',
): Promise<Map<number, number>> {
  if (sales.length === 0) return new Map();
  const { key, rows: own } = OWNER_SQL[kind];
  const rows = await db.$queryRaw<{ id: number; lowest: number | null }[]>`
    SELECT s.id, LEAST(
      (SELECT min(h."grossPrice") FROM "ProductPriceHistory" h
        WHERE ${own} AND h.${key} = s.id AND h."validFrom" >= s.at - make_interval(days => ${LOWEST_PRICE_WINDOW_DAYS}::int)
          AND h."validFrom" < s.at),
      (SELECT h."grossPrice" FROM "ProductPriceHistory" h
        WHERE ${own} AND h.${key} = s.id AND h."validFrom" < s.at - make_interval(days => ${LOWEST_PRICE_WINDOW_DAYS}::int)
        ORDER BY h."validFrom" DESC LIMIT 1)
    ) AS lowest
    FROM (
      SELECT id, to_timestamp(ms / 1000.0) AT TIME ZONE 'UTC' AS at
      FROM unnest(${sales.map((sale) => sale.id)}::int[], ${sales.map((sale) => sale.startsAt)}::float8[]) AS t(id, ms)
    ) AS s`;
  return new Map(
    rows.filter((row) => row.lowest !== null).map((row) => [Number(row.id), Number(row.lowest)]),
  );
}

/**
 * The one path a new list price takes, from an admin's edit or a bulk update by code alike: a price
 * history entry from `now`, then the lowest price of those products or variants by the rule above.
 * The caller has written the new `grossPrice` and bumps the catalogue version in the same transaction.
 */
export async function recordPriceChanges(
  tx: Prisma.TransactionClient,
  changes: readonly (PriceOwner & { price: number })[],
  now: Date,
): Promise<void> {
  if (changes.length === 0) return;
  // One with a scheduled sale has entries from its boundaries on, which follow the new price.
  const window = { id: true, salePrice: true, saleStartsAt: true, saleEndsAt: true } as const;
  const variantIds = changes.flatMap((change) => (change.variantId === null ? [] : [change.variantId]));
  const productIds = changes.flatMap((change) => (change.variantId === null ? [change.productId] : []));
  const [productSales, variantSales] = await Promise.all([
    tx.product.findMany({ where: { id: { in: productIds }, salePrice: { not: null } }, select: window }),
    tx.productVariant.findMany({
      where: { id: { in: variantIds }, salePrice: { not: null } },
      select: window,
    }),
  ]);
  const saleOf = (owner: PriceOwner) =>
    owner.variantId === null
      ? productSales.find((row) => row.id === owner.productId)
      : variantSales.find((row) => row.id === owner.variantId);
  const plain = changes.filter((change) => !saleOf(change));
  await tx.productPriceHistory.createMany({
    data: plain.map(({ productId, variantId, price }) => ({
      productId,
      variantId,
      grossPrice: price,
      validFrom: now,
    })),
  });
  await recomputeLowestPrices(
    tx,
    now,
    plain.flatMap((change) => (change.variantId === null ? [change.productId] : [])),
  );
  await recomputeLowestPrices(
    tx,
    now,
    plain.flatMap((change) => (change.variantId === null ? [] : [change.variantId])),
    'variant',
  );
  for (const change of changes) {
    const sale = saleOf(change);
    if (sale) await recordScheduledPrices(tx, change, change.price, saleWindowOf(sale), now);
  }
}

/**
 * A product's (or a variant's own) price history from `now` on, after an admin set its list price or
 * scheduled sale, so the 30-day lowest price follows what shoppers pay: the price in force now where it
 * differs from the last entry, the sale price from the sale's start, and the list price again from its
 * end. Entries dated after `now` are written only here, so they are replaced as a whole (a moved or
 * cancelled sale leaves none behind). They are written once, in the admin's transaction, whichever
 * server saves: no server has to be running at a boundary, and the lowest price counts an entry from
 * the moment its `validFrom` passes (`recomputeLowestPrices`, run here and hourly by
 * `refreshLowestPrices`).
 */
export async function recordScheduledPrices(
  tx: Prisma.TransactionClient,
  owner: PriceOwner,
  listPrice: number,
  sale: SaleWindow | null,
  now: Date,
): Promise<void> {
  const at = now.getTime();
  const { productId, variantId } = owner;
  await tx.productPriceHistory.deleteMany({ where: { productId, variantId, validFrom: { gt: now } } });
  const last = await tx.productPriceHistory.findFirst({
    where: { productId, variantId, validFrom: { lte: now } },
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
  await tx.productPriceHistory.createMany({
    data: entries.map((entry) => ({ productId, variantId, ...entry })),
  });
  if (variantId === null) await recomputeLowestPrices(tx, now, [productId]);
  else await recomputeLowestPrices(tx, now, [variantId], 'variant');
}

/**
 * Recomputes every product's and variant's lowest price of the last 30 days. A price change recomputes its own
 * product at once; this catches the window moving on, e.g. 30 days after a raise, when the old lower
 * price must stop being shown. Only products whose value changes are written, so running it on
 * several servers is harmless.
 */
export async function refreshLowestPrices(prisma: PrismaClient, now = new Date()): Promise<number> {
  const changed = await prisma.$transaction(async (tx) => {
    const count =
      (await recomputeLowestPrices(tx, now)) + (await recomputeLowestPrices(tx, now, undefined, 'variant'));
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
