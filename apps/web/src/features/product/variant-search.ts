import { positiveInt } from '../../lib/search-params';

/** `?variant=<id>` of a product page: the variant shown, shareable, and what the server draws. */
export type VariantSearch = { variant?: number };

/** Hand-written instead of zod: route files are in the bundle every shopper downloads. */
export function parseVariantSearch(search: Record<string, unknown>): VariantSearch {
  const variant = positiveInt(search.variant);
  return variant === undefined ? {} : { variant };
}
