import { createLazyFileRoute } from '@tanstack/react-router';
import { CustomerDetailPage } from '../../../../features/admin-customers/customer-detail-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/customer/$id')({
  component: CustomerDetailRoute,
});

function CustomerDetailRoute() {
  const { id } = Route.useParams();
  return <CustomerDetailPage key={id} id={Number(id)} />;
}
