import { createLazyFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '../../../../features/admin-orders/orders-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/order/')({
  component: OrdersRoute,
});

function OrdersRoute() {
  return <OrdersPage search={Route.useSearch()} />;
}
