import { createFileRoute } from '@tanstack/react-router';
import { parseBarionResultSearch } from '../../../../features/orders/order-search';

/** Route order-barion-result (README.md, "Routes"): Barion sends the payer back here with `?paymentId=`. */
export const Route = createFileRoute('/_visitor-index/order/barion/result')({
  validateSearch: parseBarionResultSearch,
});
