/** URL state of the catalogue list: list state lives in the URL (CONTRIBUTING.md, "The web app"). */
export const CATALOGUE_SORT_KEYS = ['position', 'title', 'status', 'validTo', 'updatedAt'] as const;
export type CatalogueSortKey = (typeof CATALOGUE_SORT_KEYS)[number];
export type CatalogueListSearch = { q?: string; sort?: CatalogueSortKey; desc?: boolean };

/**
 * Hand-written instead of zod: this file sits in the route tree every shopper downloads, and zod
 * must stay in the admin chunk.
 */
export function parseCatalogueListSearch(search: Record<string, unknown>): CatalogueListSearch {
  const q = typeof search.q === 'string' && search.q.trim() ? search.q.slice(0, 200) : undefined;
  const sort = CATALOGUE_SORT_KEYS.find((key) => key === search.sort);
  const desc = search.desc === true || search.desc === 'true' ? true : undefined;
  return { q, sort, desc };
}
