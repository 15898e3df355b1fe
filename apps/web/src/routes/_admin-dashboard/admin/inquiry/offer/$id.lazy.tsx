import { createLazyFileRoute } from '@tanstack/react-router';
import { OfferRequestPage } from '../../../../../features/admin-inquiries/offer-request-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/inquiry/offer/$id')({
  component: DetailRoute,
});

function DetailRoute() {
  const { id } = Route.useParams();
  return <OfferRequestPage key={id} id={Number(id)} />;
}
