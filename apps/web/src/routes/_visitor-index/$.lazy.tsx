import { createLazyFileRoute } from '@tanstack/react-router';
import { CategoryPage } from '../../features/catalog/category-page';
import { ProductPage } from '../../features/product/product-page';

export const Route = createLazyFileRoute('/_visitor-index/$')({
  component: ShopPathPage,
});

function ShopPathPage() {
  const path = Route.useLoaderData();
  const { variant, ...search } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (path.kind === 'product')
    return (
      <ProductPage
        key={path.slug}
        slug={path.slug}
        variantId={variant}
        onVariantChange={(next) =>
          void navigate({ search: (prev) => ({ ...prev, variant: next }), replace: true, resetScroll: false })
        }
      />
    );
  return <CategoryPage slugPath={path.slugPath} search={search} />;
}
