import { positiveInt } from '../../lib/search-params';

/** URL state of the API key list: list state lives in the URL (CONTRIBUTING.md, "The web app"). */
export const API_KEY_SORT_KEYS = ['createdAt', 'name', 'lastUsedAt'] as const;
export type ApiKeySortKey = (typeof API_KEY_SORT_KEYS)[number];
export type ApiKeyStatusFilter = 'active' | 'revoked';

export type ApiKeyListSearch = {
  q?: string;
  status?: ApiKeyStatusFilter;
  sort?: ApiKeySortKey;
  /** The order is ascending when set; the default is the newest (or most recently used) first. */
  asc?: boolean;
  page?: number;
};

/** Hand-written instead of zod: this file sits in the route tree every shopper downloads. */
export function parseApiKeyListSearch(search: Record<string, unknown>): ApiKeyListSearch {
  const q = typeof search.q === 'string' && search.q.trim() ? search.q.slice(0, 200) : undefined;
  const status = search.status === 'active' || search.status === 'revoked' ? search.status : undefined;
  const sort = API_KEY_SORT_KEYS.find((key) => key === search.sort);
  const page = positiveInt(search.page);
  return {
    q,
    status,
    sort: sort === 'createdAt' ? undefined : sort,
    asc: search.asc === true || search.asc === 'true' || undefined,
    page: page && page > 1 ? page : undefined,
  };
}
