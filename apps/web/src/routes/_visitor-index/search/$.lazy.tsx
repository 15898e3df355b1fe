import { createLazyFileRoute } from '@tanstack/react-router';
import { SearchPage } from '../../../features/search/search-page';

export const Route = createLazyFileRoute('/_visitor-index/search/$')({
  component: SearchRoute,
});

function SearchRoute() {
  const { query } = Route.useLoaderData();
  return <SearchPage key={query} query={query} search={Route.useSearch()} />;
}
