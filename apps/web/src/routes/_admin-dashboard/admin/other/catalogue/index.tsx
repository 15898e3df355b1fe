import { createFileRoute } from '@tanstack/react-router';
import { parseCatalogueListSearch } from '../../../../../features/admin-catalogues/catalogue-list-search';

export const Route = createFileRoute('/_admin-dashboard/admin/other/catalogue/')({
  validateSearch: parseCatalogueListSearch,
});
