import { createLazyFileRoute } from '@tanstack/react-router';
import { ApiKeysPage } from '../../../../features/admin-api-keys/api-keys-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/settings/api-keys')({
  component: ApiKeysRoute,
});

function ApiKeysRoute() {
  return <ApiKeysPage search={Route.useSearch()} />;
}
