/** URL state of the page list: list state lives in the URL (CONTRIBUTING.md, "The web app"). */
export const PAGE_SORT_KEYS = ['title', 'slug', 'published', 'updatedAt'] as const;
export type PageSortKey = (typeof PAGE_SORT_KEYS)[number];
export type PageListSearch = { q?: string; sort?: PageSortKey; desc?: boolean };

/**
 * Hand-written instead of zod: this file sits in the route tree every shopper downloads, and zod
 * must stay in the admin chunk.
 */
export function parsePageListSearch(search: Record<string, unknown>): PageListSearch {
  const q = typeof search.q === 'string' && search.q.trim() ? search.q.slice(0, 200) : undefined;
  const sort = PAGE_SORT_KEYS.find((key) => key === search.sort);
  const desc = search.desc === true || search.desc === 'true' ? true : undefined;
  return { q, sort, desc };
}
