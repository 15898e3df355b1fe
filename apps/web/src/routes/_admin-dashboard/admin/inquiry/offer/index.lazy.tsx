import { createLazyFileRoute } from '@tanstack/react-router';
import { OfferRequestsPage } from '../../../../../features/admin-inquiries/offer-requests-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/inquiry/offer/')({
  component: ListRoute,
});

function ListRoute() {
  return <OfferRequestsPage search={Route.useSearch()} />;
}
