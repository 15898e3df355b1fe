import { createLazyFileRoute } from '@tanstack/react-router';
import { LazyCategoryPage, LazyProductPage } from '../../features/catalog/shop-path-screens';

export const Route = createLazyFileRoute('/_visitor-index/$')({
  component: ShopPathPage,
});

function ShopPathPage() {
  const path = Route.useLoaderData();
  const { variant, ...search } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (path.kind === 'product')
    return (
      <LazyProductPage
        key={path.slug}
        slug={path.slug}
        variantId={variant}
        onVariantChange={(next) =>
          void navigate({ search: (prev) => ({ ...prev, variant: next }), replace: true, resetScroll: false })
        }
      />
    );
  return <LazyCategoryPage slugPath={path.slugPath} search={search} />;
}
