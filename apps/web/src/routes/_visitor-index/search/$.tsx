import { createFileRoute } from '@tanstack/react-router';
import { filtersInput, parseListingSearch } from '../../../features/catalog/listing-search';
import { productFiltersOptions } from '../../../features/catalog/queries';
import { searchTextFromSplat } from '../../../features/search/search-text';

/** Spec §2 search-query: /search/{query...}. The screen is in the .lazy file. */
export const Route = createFileRoute('/_visitor-index/search/$')({
  validateSearch: parseListingSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context: { queryClient, trpc }, params, deps: { search } }) => {
    const query = searchTextFromSplat(params._splat);
    if (query)
      await queryClient.ensureQueryData(productFiltersOptions(trpc, filtersInput({ query }, search)));
    return { query };
  },
});
