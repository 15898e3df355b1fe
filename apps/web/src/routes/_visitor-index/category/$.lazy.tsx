import { createLazyFileRoute } from '@tanstack/react-router';
import { CategoryPage } from '../../../features/catalog/category-page';

export const Route = createLazyFileRoute('/_visitor-index/category/$')({
  component: CategorySlugPage,
});

function CategorySlugPage() {
  const { slugPath } = Route.useLoaderData();
  return <CategoryPage slugPath={slugPath} search={Route.useSearch()} />;
}
