import { positiveInt } from '../../lib/search-params';
/** URL state of the admin order list: list state lives in the URL (CONTRIBUTING.md, "The web app"). */
export const ORDER_SORT_KEYS = ['createdAt', 'number', 'total', 'customer', 'status'] as const;
export type OrderSortKey = (typeof ORDER_SORT_KEYS)[number];

/**
 * The keys of ORDER_STATUSES and PAYMENT_STATES in @shop/api/schemas, written out to keep the schemas
 * out of the shopper's chunk; order-list-search.test.ts fails when they differ.
 */
export const ORDER_LIST_STATUS_KEYS = [
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
export const ORDER_LIST_PAYMENT_KEYS = [
  'none',
  'pending',
  'succeeded',
  'failed',
  'cancelled',
  'expired',
  'refunded',
] as const;

export type OrderListSearch = {
  q?: string;
  /** Comma-separated in the URL: `status=received,processing`. */
  status?: (typeof ORDER_LIST_STATUS_KEYS)[number][];
  payment?: (typeof ORDER_LIST_PAYMENT_KEYS)[number];
  shipping?: number;
  from?: string;
  to?: string;
  sort?: OrderSortKey;
  /** Ascending; the default is newest (largest) first. */
  asc?: boolean;
  page?: number;
};

const isoDate = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
    ? value
    : undefined;

/**
 * Hand-written instead of zod: this file sits in the route tree every shopper downloads, and zod
 * must stay in the admin chunk. Unknown values are dropped, so an edited URL never breaks the page.
 */
export function parseOrderListSearch(search: Record<string, unknown>): OrderListSearch {
  const q = typeof search.q === 'string' && search.q.trim() ? search.q.slice(0, 200) : undefined;
  const rawStatus = Array.isArray(search.status)
    ? search.status
    : typeof search.status === 'string'
      ? search.status.split(',')
      : [];
  const status = ORDER_LIST_STATUS_KEYS.filter((key) => rawStatus.includes(key));
  const page = positiveInt(search.page);
  return {
    q,
    status: status.length ? status : undefined,
    payment: ORDER_LIST_PAYMENT_KEYS.find((key) => key === search.payment),
    shipping: positiveInt(search.shipping),
    from: isoDate(search.from),
    to: isoDate(search.to),
    sort: ORDER_SORT_KEYS.find((key) => key === search.sort),
    asc: search.asc === true || search.asc === 'true' || undefined,
    page: page && page > 1 ? page : undefined,
  };
}
