import { createLazyFileRoute } from '@tanstack/react-router';
import { ProductPage } from '../../../features/product/product-page';

export const Route = createLazyFileRoute('/_visitor-index/product/$')({
  component: ProductSlugPage,
});

function ProductSlugPage() {
  const { slug } = Route.useLoaderData();
  return <ProductPage key={slug} slug={slug} />;
}
