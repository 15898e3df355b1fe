import { createLazyFileRoute } from '@tanstack/react-router';
import { ContactMessagesPage } from '../../../../../features/admin-inquiries/contact-messages-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/inquiry/contact/')({
  component: ListRoute,
});

function ListRoute() {
  return <ContactMessagesPage search={Route.useSearch()} />;
}
