import { createFileRoute } from '@tanstack/react-router';
import { parsePageListSearch } from '../../../../../features/admin-pages/page-list-search';

export const Route = createFileRoute('/_admin-dashboard/admin/other/page/')({
  validateSearch: parsePageListSearch,
});
