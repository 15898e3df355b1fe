/** URL state of the hero and slide lists: list state lives in the URL (CONTRIBUTING.md, "The web app"). */
export const BANNER_SORT_KEYS = ['position', 'title', 'state', 'updatedAt'] as const;
export type BannerSortKey = (typeof BANNER_SORT_KEYS)[number];
export type BannerListSearch = { q?: string; sort?: BannerSortKey; desc?: boolean; page?: number };

/**
 * Hand-written instead of zod: this file sits in the route tree every shopper downloads, and zod
 * must stay in the admin chunk.
 */
export function parseBannerListSearch(search: Record<string, unknown>): BannerListSearch {
  const q = typeof search.q === 'string' && search.q.trim() ? search.q.slice(0, 200) : undefined;
  const sort = BANNER_SORT_KEYS.find((key) => key === search.sort);
  const desc = search.desc === true || search.desc === 'true' ? true : undefined;
  const page = Number(search.page);
  return { q, sort, desc, page: Number.isInteger(page) && page > 1 && page <= 10_000 ? page : undefined };
}
