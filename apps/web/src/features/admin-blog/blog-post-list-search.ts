import { positiveInt } from '../../lib/search-params';

/** URL state of the admin blog list: list state lives in the URL (CONTRIBUTING.md, "The web app"). */
export const BLOG_POST_SORT_KEYS = ['publishedAt', 'title', 'updatedAt'] as const;
export type BlogPostSortKey = (typeof BLOG_POST_SORT_KEYS)[number];
export const BLOG_POST_STATUS_KEYS = ['published', 'scheduled', 'draft'] as const;
export type BlogPostStatusKey = (typeof BLOG_POST_STATUS_KEYS)[number];

export type BlogPostListSearch = {
  q?: string;
  status?: BlogPostStatusKey;
  /** Without a sort the newest publish time comes first. */
  sort?: BlogPostSortKey;
  desc?: boolean;
  page?: number;
};

/**
 * Hand-written instead of zod: this file sits in the route tree every shopper downloads, and zod
 * must stay in the admin chunk. The keys match BLOG_POST_SORT_FIELDS and BLOG_POST_STATUSES of @shop/api.
 */
export function parseBlogPostListSearch(search: Record<string, unknown>): BlogPostListSearch {
  const q = typeof search.q === 'string' && search.q.trim() ? search.q.slice(0, 200) : undefined;
  const page = positiveInt(search.page);
  return {
    q,
    status: BLOG_POST_STATUS_KEYS.find((key) => key === search.status),
    sort: BLOG_POST_SORT_KEYS.find((key) => key === search.sort),
    desc: search.desc === true || search.desc === 'true' ? true : undefined,
    page: page && page > 1 ? page : undefined,
  };
}
