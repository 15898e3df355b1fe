import { createLazyFileRoute } from '@tanstack/react-router';
import { OrderPrintPage } from '../../../../features/admin-orders/order-print-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/order/print')({
  component: OrderPrintRoute,
});

function OrderPrintRoute() {
  return <OrderPrintPage search={Route.useSearch()} />;
}
