/**
 * The values of an order's status and of its online payment's state, and the admin order list's sorts,
 * without zod: the admin order list reads them from its URL in the route tree every shopper downloads,
 * which loads no zod. order.ts and order-admin.ts build their schemas, labels and transitions on these.
 */

export const ORDER_STATUSES = [
  'awaiting_payment',
  'received',
  'processing',
  'packed',
  'shipped',
  'ready_for_pickup',
  'completed',
  'cancelled',
  'payment_failed',
  'refunded',
  'partially_refunded',
] as const;

export const PAYMENT_STATES = [
  'none',
  'pending',
  'succeeded',
  'failed',
  'cancelled',
  'expired',
  'refunded',
] as const;

/** The columns the admin order list sorts by (`sort` of POST /api/order). */
export const ORDER_LIST_SORTS = ['createdAt', 'number', 'total', 'customer', 'status'] as const;
