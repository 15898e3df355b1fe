import { positiveInt } from '../../lib/search-params';
/** URL state of the customer list: list state lives in the URL (CONTRIBUTING.md, "The web app"). */
export const CUSTOMER_SORT_KEYS = ['name', 'email', 'createdAt', 'lastLoginAt', 'orderCount'] as const;
export type CustomerSortKey = (typeof CUSTOMER_SORT_KEYS)[number];

export type CustomerListSearch = {
  q?: string;
  /** A group id, or 'none' for customers without a group. */
  group?: number | 'none';
  newsletter?: boolean;
  orders?: boolean;
  sort?: CustomerSortKey;
  desc?: boolean;
  page?: number;
};

const flag = (value: unknown): boolean | undefined =>
  value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;

/**
 * Hand-written instead of zod: this file sits in the route tree every shopper downloads, and zod
 * must stay in the admin chunk. The key order matches CUSTOMER_SORT_KEYS of @shop/api/schemas.
 */
export function parseCustomerListSearch(search: Record<string, unknown>): CustomerListSearch {
  const q = typeof search.q === 'string' && search.q.trim() ? search.q.slice(0, 200) : undefined;
  const group = search.group === 'none' ? 'none' : positiveInt(search.group);
  const sort = CUSTOMER_SORT_KEYS.find((key) => key === search.sort);
  const page = positiveInt(search.page);
  return {
    q,
    group,
    newsletter: flag(search.newsletter),
    orders: flag(search.orders),
    sort,
    desc: flag(search.desc) || undefined,
    page: page && page > 1 ? page : undefined,
  };
}
