import { createLazyFileRoute } from '@tanstack/react-router';
import { OrderFailurePage } from '../../../features/orders/order-failure-page';

export const Route = createLazyFileRoute('/_visitor-index/order/failure')({
  component: OrderFailureRoute,
});

function OrderFailureRoute() {
  const { order } = Route.useSearch();
  return <OrderFailurePage orderId={order} />;
}
