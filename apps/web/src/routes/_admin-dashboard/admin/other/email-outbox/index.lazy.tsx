import { createLazyFileRoute } from '@tanstack/react-router';
import { OutboxPage } from '../../../../../features/admin-email/outbox-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/other/email-outbox/')({
  component: OutboxRoute,
});

function OutboxRoute() {
  return <OutboxPage search={Route.useSearch()} />;
}
