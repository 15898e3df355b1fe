import { createFileRoute } from '@tanstack/react-router';
import { parseCatalogUserSearch } from '../../../../features/admin-catalog/catalog-user-search';

export const Route = createFileRoute('/_admin-dashboard/admin/catalog/user')({
  validateSearch: parseCatalogUserSearch,
});
