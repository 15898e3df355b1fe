import { createLazyFileRoute } from '@tanstack/react-router';
import { BarionResultPage } from '../../../../features/orders/barion-result-page';

export const Route = createLazyFileRoute('/_visitor-index/order/barion/result')({
  component: BarionResultRoute,
});

function BarionResultRoute() {
  const { paymentId } = Route.useSearch();
  return <BarionResultPage paymentId={paymentId} />;
}
