import { createLazyFileRoute } from '@tanstack/react-router';
import { ProductPage } from '../../../features/product/product-page';

export const Route = createLazyFileRoute('/_visitor-index/product/$')({
  component: ProductSlugPage,
});

function ProductSlugPage() {
  const { slug } = Route.useLoaderData();
  const { variant } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ProductPage
      key={slug}
      slug={slug}
      variantId={variant}
      onVariantChange={(next) =>
        void navigate({ search: { variant: next }, replace: true, resetScroll: false })
      }
    />
  );
}
