import { createLazyFileRoute } from '@tanstack/react-router';
import { OutboxMessagePage } from '../../../../../features/admin-email/outbox-message-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/other/email-outbox/$id')({
  component: OutboxMessageRoute,
});

function OutboxMessageRoute() {
  const { id } = Route.useParams();
  return <OutboxMessagePage key={id} id={Number(id)} />;
}
