import { createFileRoute } from '@tanstack/react-router';
import { parseAdminProductListSearch } from '../../../../../features/admin-products/product-list-search';

export const Route = createFileRoute('/_admin-dashboard/admin/catalog/products/')({
  validateSearch: parseAdminProductListSearch,
});
