import { createFileRoute } from '@tanstack/react-router';
import { filtersInput, parseListingSearch } from '../../../features/catalog/listing-search';
import { productFiltersOptions } from '../../../features/catalog/queries';

/**
 * Route product (README.md, "Routes"): every product, with the same filters as a category. The screen is in
 * the .lazy file.
 */
export const Route = createFileRoute('/_visitor-index/product/')({
  validateSearch: parseListingSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context: { queryClient, trpc }, deps: { search } }) =>
    queryClient.ensureQueryData(productFiltersOptions(trpc, filtersInput({}, search))),
});
