import { createLazyFileRoute } from '@tanstack/react-router';
import { ProductImportPage } from '../../../../../features/admin-product-import/import-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/catalog/products/import')({
  component: ProductImportRoute,
});

function ProductImportRoute() {
  return <ProductImportPage search={Route.useSearch()} />;
}
