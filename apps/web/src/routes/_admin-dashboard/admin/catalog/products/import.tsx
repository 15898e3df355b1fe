import { createFileRoute } from '@tanstack/react-router';
import { parseProductImportSearch } from '../../../../../features/admin-product-import/import-search';

export const Route = createFileRoute('/_admin-dashboard/admin/catalog/products/import')({
  validateSearch: parseProductImportSearch,
});
