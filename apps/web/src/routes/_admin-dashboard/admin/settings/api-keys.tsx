import { createFileRoute } from '@tanstack/react-router';
import { parseApiKeyListSearch } from '../../../../features/admin-api-keys/api-key-list-search';

export const Route = createFileRoute('/_admin-dashboard/admin/settings/api-keys')({
  validateSearch: parseApiKeyListSearch,
});
