import { createLazyFileRoute } from '@tanstack/react-router';
import { OrderSuccessPage } from '../../../features/orders/order-success-page';

export const Route = createLazyFileRoute('/_visitor-index/order/success')({
  component: OrderSuccessRoute,
});

function OrderSuccessRoute() {
  const { order } = Route.useSearch();
  return <OrderSuccessPage orderId={order} />;
}
