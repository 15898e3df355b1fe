import { createLazyFileRoute } from '@tanstack/react-router';
import { OrderPage } from '../../../features/orders/order-page';
import { OrderNotFound } from '../../../features/orders/order-sign-in';

export const Route = createLazyFileRoute('/_visitor-index/order/$id')({
  component: OrderRoute,
  notFoundComponent: OrderNotFound,
});

function OrderRoute() {
  const { id, key } = Route.useLoaderData();
  return <OrderPage id={id} accessKey={key} />;
}
