// From the schemas' zod-free module: this file is in the route tree every shopper downloads.
import { ORDER_LIST_SORTS, ORDER_STATUSES, PAYMENT_STATES } from '@shop/api/schemas/order-enums';
import { positiveInt } from '../../lib/search-params';

/** URL state of the admin order list: list state lives in the URL (CONTRIBUTING.md, "The web app"). */
export type OrderSortKey = (typeof ORDER_LIST_SORTS)[number];

export type OrderListSearch = {
  q?: string;
  /** Comma-separated in the URL: `status=received,processing`. */
  status?: (typeof ORDER_STATUSES)[number][];
  payment?: (typeof PAYMENT_STATES)[number];
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
  const status = ORDER_STATUSES.filter((key) => rawStatus.includes(key));
  const page = positiveInt(search.page);
  return {
    q,
    status: status.length ? status : undefined,
    payment: PAYMENT_STATES.find((key) => key === search.payment),
    shipping: positiveInt(search.shipping),
    from: isoDate(search.from),
    to: isoDate(search.to),
    sort: ORDER_LIST_SORTS.find((key) => key === search.sort),
    asc: search.asc === true || search.asc === 'true' || undefined,
    page: page && page > 1 ? page : undefined,
  };
}
