import { createFileRoute } from '@tanstack/react-router';
import { parseOrderRefSearch } from '../../../features/orders/order-search';

/**
 * Route order-failure (README.md, "Routes"): `?order=<id>`, the order whose card payment did not go through.
 */
export const Route = createFileRoute('/_visitor-index/order/failure')({
  validateSearch: parseOrderRefSearch,
});
