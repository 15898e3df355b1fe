import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { productBySlugOptions } from '../../../features/catalog/queries';
import { loadProductPageParts } from '../../../features/product/product-page-data';
import { parseVariantSearch } from '../../../features/product/variant-search';
import { ensureFound } from '../../../lib/ensure-found';

/**
 * Route product-slug (README.md, "Routes"): /product/{slug...}; the id at the end of the slug decides. Screen
 * in the .lazy file.
 */
export const Route = createFileRoute('/_visitor-index/product/$')({
  validateSearch: parseVariantSearch,
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const slug = (params._splat ?? '').split('/').filter(Boolean).at(-1);
    if (!slug || !/\d$/.test(slug)) throw notFound();
    const product = await ensureFound(queryClient.ensureQueryData(productBySlugOptions(trpc, slug)));
    await loadProductPageParts(queryClient, trpc, product);
    return { slug };
  },
  notFoundComponent: NotFoundPage,
});
