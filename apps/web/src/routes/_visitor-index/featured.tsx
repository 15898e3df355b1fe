import { createFileRoute } from '@tanstack/react-router';
import { filtersInput, parseListingSearch } from '../../features/catalog/listing-search';
import { productFiltersOptions } from '../../features/catalog/queries';

/**
 * Route featured (README.md, "Routes"): the featured products with the usual filters. The screen is in the
 * .lazy file.
 */
export const Route = createFileRoute('/_visitor-index/featured')({
  validateSearch: parseListingSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context: { queryClient, trpc }, deps: { search } }) =>
    queryClient.ensureQueryData(productFiltersOptions(trpc, filtersInput({ featured: true }, search))),
});
