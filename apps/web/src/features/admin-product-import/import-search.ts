import type { TProductImportOutcome } from '@shop/api/schemas';
import { positiveInt } from '../../lib/search-params';

/**
 * URL state of /admin/catalog/products/import: the import on screen (so a reload or a later visit
 * comes back to it) and its rows' filter and page.
 */
export type ProductImportSearch = {
  id?: number;
  outcome?: TProductImportOutcome;
  page?: number;
};

/** A row's outcomes in the order the filter offers them; here, not in import-text.ts, which no shopper needs. */
export const OUTCOMES: readonly TProductImportOutcome[] = ['created', 'changed', 'unchanged', 'refused'];

/** Hand-written instead of zod: route files are in the bundle every shopper downloads. */
export function parseProductImportSearch(search: Record<string, unknown>): ProductImportSearch {
  const id = positiveInt(search.id);
  if (!id) return {};
  const page = positiveInt(search.page);
  return {
    id,
    outcome: OUTCOMES.find((outcome) => outcome === search.outcome),
    page: page && page > 1 ? page : undefined,
  };
}
