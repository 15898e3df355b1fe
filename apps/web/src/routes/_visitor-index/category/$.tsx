import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { filtersInput, parseListingSearch } from '../../../features/catalog/listing-search';
import { categoryBySlugOptions, productFiltersOptions } from '../../../features/catalog/queries';
import { ensureFound } from '../../../lib/ensure-found';

/** Route category-slug (README.md, "Routes"): /category/{slug...}. The screen is in the .lazy file. */
export const Route = createFileRoute('/_visitor-index/category/$')({
  validateSearch: parseListingSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context: { queryClient, trpc }, params, deps: { search } }) => {
    const slugPath = (params._splat ?? '').split('/').filter(Boolean).join('/').toLowerCase();
    if (!slugPath) throw notFound();
    await Promise.all([
      ensureFound(queryClient.ensureQueryData(categoryBySlugOptions(trpc, slugPath))),
      ensureFound(
        queryClient.ensureQueryData(
          productFiltersOptions(trpc, filtersInput({ category: slugPath }, search)),
        ),
      ),
    ]);
    return { slugPath };
  },
  notFoundComponent: NotFoundPage,
});
