import { Prisma, type PrismaClient } from '@shop/db';
import type { VersionedCache } from '../cache';
import {
  DASHBOARD_DAYS,
  DASHBOARD_EXCLUDED_STATUSES,
  DASHBOARD_WAITING_STATUSES,
  LOW_STOCK_DEFAULT_THRESHOLD,
  type TDashboardDay,
  type TDashboardFigures,
  type TDashboardInput,
  type TDashboardOutput,
  type TDashboardTopProduct,
} from '../schemas';
import { type CatalogueIndex, getCatalogueIndex, type IndexedProduct } from './catalogue/in-memory-index';
import { productQualitySummary } from './catalogue/product-admin';
import { type IndexedVariant, soldTitle } from './catalogue/variants';
import { refundDeadline } from './orders/withdrawal-rules';

/**
 * GET /api/dashboard: how the shop is doing and what waits for the admin.
 *
 * 1. Days are Europe/Budapest calendar days (23 or 25 hours long when the clocks change); times are
 *    stored in UTC, so each day's bounds are computed in SQL from its Budapest midnight.
 * 2. Sales are orders in any status but DASHBOARD_EXCLUDED_STATUSES, counted on the day they were
 *    placed; their revenue is `grandTotal - refundedTotal` (gross, refunds subtracted). It is what was
 *    sold, not money received: a cash-on-delivery or transfer order counts before its money is recorded
 *    (`paidTotal`), as it always has; refunds never exceed what was paid.
 * 3. One aggregate query per block, each on an index: the 30 days' orders by `createdAt` (the three
 *    periods are sums of the days), top products over the same orders' lines, open work by
 *    `(status, createdAt)`, open withdrawals by `(status, createdAt)`. Low stock is read from the
 *    in-memory catalogue index; the catalogue quality counts are the check page's own, kept per
 *    catalogue build and stock version (qualityCounts).
 */

type Deps = { prisma: PrismaClient; cache: VersionedCache };

const TOP_PRODUCTS = 5;
const LIST_LENGTH = 5;
const LOW_STOCK_LIST_LENGTH = 10;

const budapestDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Budapest',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `YYYY-MM-DD` of an instant in Budapest. */
export function budapestDay(instant: Date): string {
  return budapestDate.format(instant);
}

const excluded = Prisma.join([...DASHBOARD_EXCLUDED_STATUSES]);

/** The UTC instant (as the database stores it) at which a Budapest calendar day starts. */
const budapestMidnight = (day: Prisma.Sql) =>
  Prisma.sql`((${day})::timestamp AT TIME ZONE 'Europe/Budapest') AT TIME ZONE 'UTC'`;

type DayRow = { date: string; orders: number; revenue: number; refunded: number; discounted: number };

function revenueByDay(prisma: PrismaClient, today: string) {
  const day = Prisma.sql`d.day`;
  const nextDay = Prisma.sql`d.day + 1`;
  return prisma.$queryRaw<DayRow[]>`
    WITH d AS (
      SELECT ${today}::date - i AS day FROM generate_series(0, ${DASHBOARD_DAYS - 1}::int) i
    ), days AS (
      SELECT d.day, ${budapestMidnight(day)} AS starts, ${budapestMidnight(nextDay)} AS ends FROM d
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS date,
           count(o.id)::int AS orders,
           coalesce(sum(o."grandTotal" - o."refundedTotal"), 0)::float8 AS revenue,
           coalesce(sum(o."refundedTotal"), 0)::float8 AS refunded,
           coalesce(sum(o."discountTotal"), 0)::float8 AS discounted
    FROM days
    LEFT JOIN "Order" o ON o."createdAt" >= days.starts AND o."createdAt" < days.ends
                       AND o.status NOT IN (${excluded})
    GROUP BY days.day
    ORDER BY days.day`;
}

function figuresOf(days: readonly DayRow[]): TDashboardFigures {
  const orders = days.reduce((sum, day) => sum + Number(day.orders), 0);
  const revenue = days.reduce((sum, day) => sum + Number(day.revenue), 0);
  const refunded = days.reduce((sum, day) => sum + Number(day.refunded), 0);
  const discounted = days.reduce((sum, day) => sum + Number(day.discounted), 0);
  return {
    orders,
    revenue,
    refunded,
    discounted,
    averageBasket: orders === 0 ? 0 : Math.round(revenue / orders),
  };
}

type SoldRow = {
  rankedBy: 'quantity' | 'revenue';
  productId: number | null;
  variantId: number | null;
  title: string;
  quantity: number;
  revenue: number;
};

/**
 * The five best sellers by pieces and by money over the 30 days. Lines are grouped by product (lines of
 * deleted products by their title), titles read only for the winners, and the two top fives taken with
 * LIMIT rather than ranking every product. `orderId >= min(id)` changes no result (every counted order's
 * id is at least that) but lets the lines be read by their order index instead of all of them.
 */
function topProducts(prisma: PrismaClient, today: string) {
  const firstDay = Prisma.sql`${today}::date - ${DASHBOARD_DAYS - 1}::int`;
  return prisma.$queryRaw<SoldRow[]>`
    WITH counted AS MATERIALIZED (
      SELECT id FROM "Order"
      WHERE "createdAt" >= ${budapestMidnight(firstDay)} AND status NOT IN (${excluded})
    ), sold AS MATERIALIZED (
      SELECT l."productId", l."variantId", CASE WHEN l."productId" IS NULL THEN l."productTitle" END AS "deletedTitle",
             min(l.id) AS "lineId", sum(l.quantity)::float8 AS quantity, sum(l."lineTotal")::float8 AS revenue
      FROM "OrderLine" l
      JOIN counted o ON o.id = l."orderId"
      WHERE l."orderId" >= (SELECT min(id) FROM counted)
      GROUP BY 1, 2, 3
    ), ranked AS (
      (SELECT 'quantity' AS "rankedBy", sold.* FROM sold
       ORDER BY quantity DESC, revenue DESC, "productId", "variantId", "deletedTitle" LIMIT ${TOP_PRODUCTS}::int)
      UNION ALL
      (SELECT 'revenue' AS "rankedBy", sold.* FROM sold
       ORDER BY revenue DESC, quantity DESC, "productId", "variantId", "deletedTitle" LIMIT ${TOP_PRODUCTS}::int)
    )
    SELECT r."rankedBy", r."productId", r."variantId", l."productTitle" AS title, r.quantity, r.revenue
    FROM ranked r
    JOIN "OrderLine" l ON l.id = r."lineId"
    ORDER BY r."rankedBy",
             CASE WHEN r."rankedBy" = 'quantity' THEN r.quantity ELSE r.revenue END DESC,
             CASE WHEN r."rankedBy" = 'quantity' THEN r.revenue ELSE r.quantity END DESC,
             r."productId", r."variantId", r."deletedTitle"`;
}

function waitingOrders(prisma: PrismaClient) {
  return prisma.$queryRaw<{ status: string; count: number; oldestAt: Date }[]>`
    SELECT status::text AS status, count(*)::int AS count, min("createdAt") AS "oldestAt"
    FROM "Order"
    WHERE status IN (${Prisma.join([...DASHBOARD_WAITING_STATUSES])})
    GROUP BY status`;
}

function pendingPayments(prisma: PrismaClient) {
  // The window sums run over every matching row before LIMIT keeps the oldest few.
  return prisma.$queryRaw<
    {
      id: number;
      number: string;
      name: string;
      total: number;
      createdAt: Date;
      count: number;
      sum: number;
    }[]
  >`
    SELECT id, number, "lastName" || ' ' || "firstName" AS name, "grandTotal" AS total, "createdAt",
           count(*) OVER ()::int AS count, sum("grandTotal") OVER ()::float8 AS sum
    FROM "Order"
    WHERE status = 'awaiting_payment'
    ORDER BY "createdAt", id
    LIMIT ${LIST_LENGTH}::int`;
}

function openWithdrawals(prisma: PrismaClient) {
  return prisma.$queryRaw<
    { id: number; orderId: number; orderNumber: string; name: string; createdAt: Date; count: number }[]
  >`
    SELECT w.id, w."orderId", o.number AS "orderNumber", w.name, w."createdAt", count(*) OVER ()::int AS count
    FROM "Withdrawal" w
    JOIN "Order" o ON o.id = w."orderId"
    WHERE w.status = 'open'
    ORDER BY w."createdAt", w.id
    LIMIT ${LIST_LENGTH}::int`;
}

type QualityCounts = Awaited<ReturnType<typeof productQualitySummary>>;
const qualityByIndex = new WeakMap<
  CatalogueIndex,
  { stockVersion: number; counts: Promise<QualityCounts> }
>();

/**
 * The check page's counts, computed by its own function, cost a second or more of database time at
 * 100 000 products. They change only with the catalogue, which builds a new index, or when stock
 * crosses zero ("no stock but enabled"), which moves the index's `stockVersion`; until then the last
 * answer stands (requests meanwhile share one computation).
 */
function qualityCounts(prisma: PrismaClient, index: CatalogueIndex): Promise<QualityCounts> {
  const cached = qualityByIndex.get(index);
  if (cached && cached.stockVersion === index.stockVersion) return cached.counts;
  const counts = productQualitySummary(prisma);
  qualityByIndex.set(index, { stockVersion: index.stockVersion, counts });
  counts.catch(() => {
    if (qualityByIndex.get(index)?.counts === counts) qualityByIndex.delete(index);
  });
  return counts;
}

/** What runs low: a product sold as itself, or one variant of a product sold in variants. */
type StockItem = { product: IndexedProduct; variant: IndexedVariant | null; stock: number };

/**
 * Lowest stock first; among equals the better seller first, as it runs out sooner. A product sold in
 * variants is listed per variant: "Póló, kék, M" running out matters even while other sizes are plenty.
 */
function lowStock(index: CatalogueIndex, threshold: number) {
  const before = (a: StockItem, b: StockItem) =>
    a.stock - b.stock ||
    b.product.unitsSold - a.product.unitsSold ||
    a.product.id - b.product.id ||
    (a.variant?.id ?? 0) - (b.variant?.id ?? 0);
  const shown: StockItem[] = [];
  let count = 0;
  const consider = (item: StockItem) => {
    if (item.stock > threshold) return;
    count++;
    // A short list kept in order: no sort of every low product (tens of thousands in a big shop).
    if (shown.length === LOW_STOCK_LIST_LENGTH && before(item, shown[shown.length - 1]!) >= 0) return;
    let at = shown.length;
    while (at > 0 && before(item, shown[at - 1]!) < 0) at--;
    shown.splice(at, 0, item);
    if (shown.length > LOW_STOCK_LIST_LENGTH) shown.pop();
  };
  for (const product of index.products) {
    if (!product.enabled) continue;
    if (product.variants.length === 0) consider({ product, variant: null, stock: product.stock });
    for (const variant of product.variants) {
      if (variant.enabled) consider({ product, variant, stock: variant.stock });
    }
  }
  return {
    threshold,
    count,
    items: shown.map(({ product, variant, stock }) => ({
      id: product.id,
      variantId: variant?.id ?? null,
      title: soldTitle(product.title, variant),
      kutiId: variant?.kutiId ?? product.kutiId,
      stock,
      unit: product.unit,
    })),
  };
}

function currentTitle(index: CatalogueIndex, row: SoldRow): string | null {
  const product = row.productId === null ? undefined : index.byId.get(Number(row.productId));
  if (!product) return null;
  if (row.variantId === null) return product.title;
  const variant = index.variantsById.get(Number(row.variantId));
  return variant ? soldTitle(product.title, variant) : null;
}

export async function dashboardSummary(
  deps: Deps,
  input: TDashboardInput,
  now: Date = new Date(),
): Promise<TDashboardOutput> {
  const today = budapestDay(now);
  const index = await getCatalogueIndex(deps);
  const [dayRows, sold, waiting, pending, withdrawals, quality] = await Promise.all([
    revenueByDay(deps.prisma, today),
    topProducts(deps.prisma, today),
    waitingOrders(deps.prisma),
    pendingPayments(deps.prisma),
    openWithdrawals(deps.prisma),
    qualityCounts(deps.prisma, index),
  ]);

  const revenueDays: TDashboardDay[] = dayRows.map((row) => ({
    date: row.date,
    orders: Number(row.orders),
    revenue: Number(row.revenue),
  }));
  const product = (row: SoldRow): TDashboardTopProduct => ({
    productId: row.productId === null ? null : Number(row.productId),
    variantId: row.variantId === null ? null : Number(row.variantId),
    // A product's (and variant's) current name when it still exists; the name it was ordered under otherwise.
    title: currentTitle(index, row) ?? row.title,
    quantity: Number(row.quantity),
    revenue: Number(row.revenue),
  });
  const ranked = (by: SoldRow['rankedBy']) => sold.filter((row) => row.rankedBy === by).map(product);
  const waitingBy = new Map(waiting.map((row) => [row.status, row]));
  const firstWithdrawal = withdrawals[0];
  const deadline = (createdAt: Date) => refundDeadline(createdAt).toISOString();

  return {
    today,
    periods: {
      today: figuresOf(dayRows.slice(-1)),
      last7: figuresOf(dayRows.slice(-7)),
      last30: figuresOf(dayRows),
    },
    revenueByDay: revenueDays,
    topProducts: { byQuantity: ranked('quantity'), byRevenue: ranked('revenue') },
    waiting: DASHBOARD_WAITING_STATUSES.map((status) => {
      const row = waitingBy.get(status);
      return {
        status,
        count: row ? Number(row.count) : 0,
        oldestAt: row ? row.oldestAt.toISOString() : null,
      };
    }),
    pendingPayments: {
      count: Number(pending[0]?.count ?? 0),
      total: Number(pending[0]?.sum ?? 0),
      oldest: pending.map((row) => ({
        id: Number(row.id),
        number: row.number,
        name: row.name,
        total: Number(row.total),
        createdAt: row.createdAt.toISOString(),
      })),
    },
    withdrawals: {
      count: Number(firstWithdrawal?.count ?? 0),
      oldestDeadline: firstWithdrawal ? deadline(firstWithdrawal.createdAt) : null,
      oldest: withdrawals.map((row) => ({
        id: Number(row.id),
        orderId: Number(row.orderId),
        orderNumber: row.orderNumber,
        name: row.name,
        createdAt: row.createdAt.toISOString(),
        refundDeadline: deadline(row.createdAt),
      })),
    },
    lowStock: lowStock(index, input.lowStockThreshold ?? LOW_STOCK_DEFAULT_THRESHOLD),
    quality,
  };
}
