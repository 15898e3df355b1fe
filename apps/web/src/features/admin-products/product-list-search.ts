import type { TProductSort } from '@shop/api/schemas';
import { positiveInt } from '../../lib/search-params';

/** URL state of /admin/catalog/products: list state lives in the URL (CONTRIBUTING.md, "The web app"). */
export const ADMIN_PRODUCT_STATES = ['all', 'enabled', 'disabled'] as const;
export type AdminProductState = (typeof ADMIN_PRODUCT_STATES)[number];
const SORTS: TProductSort[] = ['relevance', 'price-asc', 'price-desc', 'newest', 'popularity', 'name'];

export type AdminProductListSearch = {
  q?: string;
  category?: number;
  state?: Exclude<AdminProductState, 'all'>;
  sort?: TProductSort;
  page?: number;
};

/** Hand-written instead of zod: route files are in the bundle every shopper downloads. */
export function parseAdminProductListSearch(search: Record<string, unknown>): AdminProductListSearch {
  const q = typeof search.q === 'string' && search.q.trim() ? search.q.slice(0, 200) : undefined;
  const state = search.state === 'enabled' || search.state === 'disabled' ? search.state : undefined;
  const sort = SORTS.find((key) => key === search.sort);
  const page = positiveInt(search.page);
  return {
    q,
    category: positiveInt(search.category),
    state,
    sort: sort === 'relevance' ? undefined : sort,
    page: page && page > 1 ? page : undefined,
  };
}
