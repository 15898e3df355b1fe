import { createLazyFileRoute } from '@tanstack/react-router';
import { WebhooksPage } from '../../../../features/admin-webhooks/webhooks-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/settings/webhooks')({
  component: WebhooksRoute,
});

function WebhooksRoute() {
  return <WebhooksPage search={Route.useSearch()} />;
}
