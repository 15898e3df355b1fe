import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { filtersInput, parseListingSearch } from '../../features/catalog/listing-search';
import {
  categoryBySlugOptions,
  productBySlugOptions,
  productFiltersOptions,
} from '../../features/catalog/queries';
import { resolveShopPath } from '../../features/catalog/resolve-path';
import { loadShopPathScreen } from '../../features/catalog/shop-path-screens';
import { loadProductPageParts } from '../../features/product/product-page-data';
import { parseVariantSearch } from '../../features/product/variant-search';
import { ensureFound } from '../../lib/ensure-found';

/**
 * The catch-all with the lowest priority (README.md, "Routes"): product-pretty (`/{slug}` ending in digits)
 * and category-pretty (`/{slug...}`). The .lazy file draws the screen the loader has loaded.
 */
export const Route = createFileRoute('/_visitor-index/$')({
  // A product's `variant` beside a listing's filters: the path alone tells which page it is.
  validateSearch: (search: Record<string, unknown>) => ({
    ...parseListingSearch(search),
    ...parseVariantSearch(search),
  }),
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context: { queryClient, trpc }, params, deps: { search } }) => {
    const path = resolveShopPath(params._splat);
    // Its code loads beside the data; should the data fail first, the error page is what counts.
    const screen = loadShopPathScreen(path);
    void screen?.catch(() => undefined);
    if (path.kind === 'product') {
      const product = await ensureFound(queryClient.ensureQueryData(productBySlugOptions(trpc, path.slug)));
      // The id at the end decides; an old or mistyped name part leads to the one canonical URL.
      if (product.slug !== path.slug) {
        queryClient.setQueryData(productBySlugOptions(trpc, product.slug).queryKey, product);
        throw redirect({
          to: '/$',
          params: { _splat: product.slug },
          search: parseVariantSearch(search),
          replace: true,
        });
      }
      await Promise.all([loadProductPageParts(queryClient, trpc, product), screen]);
      return path;
    }
    if (path.kind !== 'category') throw notFound();
    await Promise.all([
      ensureFound(queryClient.ensureQueryData(categoryBySlugOptions(trpc, path.slugPath))),
      ensureFound(
        queryClient.ensureQueryData(
          productFiltersOptions(trpc, filtersInput({ category: path.slugPath }, search)),
        ),
      ),
      screen,
    ]);
    return path;
  },
  notFoundComponent: NotFoundPage,
});
