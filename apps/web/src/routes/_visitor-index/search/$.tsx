import { createFileRoute, redirect } from '@tanstack/react-router';
import { filtersInput, parseListingSearch } from '../../../features/catalog/listing-search';
import { productFiltersOptions } from '../../../features/catalog/queries';
import { SEARCH_FORM_FIELD, searchHref, searchTextFromSplat } from '../../../features/search/search-text';

/**
 * Route search-query (README.md, "Routes"): /search/{query...}. The screen is in the .lazy file. The header's
 * search box also works as a plain form, before the app has woken up or without JavaScript: it sends
 * /search?q=…, which lands on the search's own address.
 */
export const Route = createFileRoute('/_visitor-index/search/$')({
  beforeLoad: ({ params, location }) => {
    const sent = new URLSearchParams(location.searchStr).get(SEARCH_FORM_FIELD)?.trim();
    if (!params._splat && sent) throw redirect({ href: searchHref(sent), replace: true });
  },
  validateSearch: parseListingSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context: { queryClient, trpc }, params, deps: { search } }) => {
    const query = searchTextFromSplat(params._splat);
    if (query)
      await queryClient.ensureQueryData(productFiltersOptions(trpc, filtersInput({ query }, search)));
    return { query };
  },
});
