import { createLazyFileRoute } from '@tanstack/react-router';
import { OrderDetailPage } from '../../../../features/admin-orders/order-detail/order-detail-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/order/$id')({
  component: OrderDetailRoute,
});

function OrderDetailRoute() {
  const { id } = Route.useParams();
  return <OrderDetailPage key={id} id={Number(id)} />;
}
