import { createLazyFileRoute } from '@tanstack/react-router';
import { ProductEditPage } from '../../../../../features/admin-products/product-edit-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/catalog/products/$id')({
  component: ProductEditRoute,
});

function ProductEditRoute() {
  const { id } = Route.useParams();
  return <ProductEditPage key={id} id={id === 'new' ? 'new' : Number(id)} />;
}
