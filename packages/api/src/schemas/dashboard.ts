import { z } from 'zod';
import { ZOrderStatus } from './order';
import { ZProductQualitySummary } from './product';

/**
 * Orders that count as sales on the dashboard: every status but the three where no sale happened
 * (given up, card payment failed, card payment still open). Refunded money is subtracted through
 * `Order.refundedTotal`, so a fully refunded order counts as an order with no revenue.
 */
export const DASHBOARD_EXCLUDED_STATUSES = ['cancelled', 'payment_failed', 'awaiting_payment'] as const;

/** Statuses where the shop has something to do (process, pack, hand over, confirm delivery or pickup). */
export const DASHBOARD_WAITING_STATUSES = [
  'received',
  'processing',
  'packed',
  'shipped',
  'ready_for_pickup',
] as const;

export const LOW_STOCK_DEFAULT_THRESHOLD = 5;
/** Days in the revenue chart and the longest period. */
export const DASHBOARD_DAYS = 30;

export const ZDashboardInput = z.strictObject({
  lowStockThreshold: z
    .number({ error: 'A készlethatárnak számnak kell lennie.' })
    .int({ error: 'A készlethatár egész szám.' })
    .min(0, { error: 'A készlethatár nem lehet negatív.' })
    .max(100_000, { error: 'A készlethatár legfeljebb 100 000.' })
    .optional(),
});
export type TDashboardInput = z.infer<typeof ZDashboardInput>;

const ZCount = z.number().int();

export const ZDashboardFigures = z.object({
  orders: ZCount,
  /** Gross, in forints, refunds subtracted. */
  revenue: ZCount,
  /** Refunded so far on these orders, in forints (already subtracted from `revenue`). */
  refunded: ZCount,
  /** What promotions and coupons took off these orders (items and shipping), in forints. */
  discounted: ZCount,
  /** `revenue / orders`, rounded to whole forints; 0 without orders. */
  averageBasket: ZCount,
});
export type TDashboardFigures = z.infer<typeof ZDashboardFigures>;

export const ZDashboardDay = z.object({
  /** The Budapest calendar day, `YYYY-MM-DD`. */
  date: z.string(),
  orders: ZCount,
  revenue: ZCount,
});
export type TDashboardDay = z.infer<typeof ZDashboardDay>;

export const ZDashboardTopProduct = z.object({
  /** Null when the product has been deleted since (the order keeps its title). */
  productId: z.number().int().nullable(),
  /** A product sold in variants ranks per variant ("Póló, kék, M"); null for a product sold as itself. */
  variantId: z.number().int().nullable(),
  title: z.string(),
  quantity: ZCount,
  /** Gross line totals as ordered. */
  revenue: ZCount,
});
export type TDashboardTopProduct = z.infer<typeof ZDashboardTopProduct>;

const ZOrderBrief = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  total: ZCount,
  createdAt: z.string().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' }),
});

export const ZDashboardOutput = z
  .object({
    /** The Budapest calendar day the figures were computed on, `YYYY-MM-DD`. */
    today: z.string(),
    periods: z.object({ today: ZDashboardFigures, last7: ZDashboardFigures, last30: ZDashboardFigures }),
    /** The last 30 Budapest days, oldest first, every day present (zero days included). */
    revenueByDay: z.array(ZDashboardDay),
    topProducts: z.object({
      byQuantity: z.array(ZDashboardTopProduct),
      byRevenue: z.array(ZDashboardTopProduct),
    }),
    waiting: z.array(z.object({ status: ZOrderStatus, count: ZCount, oldestAt: z.string().nullable() })),
    pendingPayments: z.object({ count: ZCount, total: ZCount, oldest: z.array(ZOrderBrief) }),
    withdrawals: z.object({
      count: ZCount,
      /** The refund deadline of the oldest open withdrawal. */
      oldestDeadline: z.string().nullable(),
      oldest: z.array(
        z.object({
          id: z.number().int(),
          orderId: z.number().int(),
          orderNumber: z.string(),
          name: z.string(),
          createdAt: z.string().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' }),
          refundDeadline: z.string(),
        }),
      ),
    }),
    lowStock: z.object({
      threshold: ZCount,
      count: ZCount,
      items: z.array(
        z.object({
          /** The product (a variant is listed by itself, with its product's id). */
          id: z.number().int(),
          variantId: z.number().int().nullable(),
          title: z.string(),
          kutiId: z.string().nullable(),
          stock: ZCount,
          unit: z.string(),
        }),
      ),
    }),
    quality: ZProductQualitySummary,
  })
  .meta({ id: 'Dashboard', description: 'Az admin kezdőlapjának számai.' });
export type TDashboardOutput = z.infer<typeof ZDashboardOutput>;
