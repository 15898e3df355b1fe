import { createFileRoute } from '@tanstack/react-router';
import { parseOrderRefSearch } from '../../../features/orders/order-search';

/** Spec §2 order-failure: `?order=<id>`, the order whose card payment did not go through. */
export const Route = createFileRoute('/_visitor-index/order/failure')({
  validateSearch: parseOrderRefSearch,
});
