import { createLazyFileRoute } from '@tanstack/react-router';
import { CategoryPage } from '../../features/catalog/category-page';
import { ProductPage } from '../../features/product/product-page';

export const Route = createLazyFileRoute('/_visitor-index/$')({
  component: ShopPathPage,
});

function ShopPathPage() {
  const path = Route.useLoaderData();
  const search = Route.useSearch();
  if (path.kind === 'product') return <ProductPage key={path.slug} slug={path.slug} />;
  return <CategoryPage slugPath={path.slugPath} search={search} />;
}
