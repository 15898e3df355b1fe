import { createLazyFileRoute } from '@tanstack/react-router';
import { ProductsPage } from '../../../../../features/admin-products/products-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/catalog/products/')({
  component: ProductsRoute,
});

function ProductsRoute() {
  return <ProductsPage search={Route.useSearch()} />;
}
