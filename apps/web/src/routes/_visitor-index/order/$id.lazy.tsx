import { createLazyFileRoute } from '@tanstack/react-router';
import { OrderPage } from '../../../features/orders/order-page';

export const Route = createLazyFileRoute('/_visitor-index/order/$id')({
  component: OrderRoute,
});

function OrderRoute() {
  const { id, key } = Route.useLoaderData();
  return <OrderPage id={id} accessKey={key} />;
}
