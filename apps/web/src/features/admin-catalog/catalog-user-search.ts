/** /admin/catalog/user?product=123: the product whose special prices are open. */
export type CatalogUserSearch = { product?: number };

/** Hand-written instead of zod: route files are in the bundle every shopper downloads. */
export function parseCatalogUserSearch(search: Record<string, unknown>): CatalogUserSearch {
  const value = typeof search.product === 'string' ? Number(search.product) : search.product;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? { product: value } : {};
}
