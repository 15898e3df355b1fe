import { createLazyFileRoute } from '@tanstack/react-router';
import { ContactMessagePage } from '../../../../../features/admin-inquiries/contact-message-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/inquiry/contact/$id')({
  component: DetailRoute,
});

function DetailRoute() {
  const { id } = Route.useParams();
  return <ContactMessagePage key={id} id={Number(id)} />;
}
