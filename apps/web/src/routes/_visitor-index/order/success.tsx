import { createFileRoute } from '@tanstack/react-router';
import { parseOrderRefSearch } from '../../../features/orders/order-search';

/** Route order-success (README.md, "Routes"): `?order=<id>`. The screen is in the .lazy file. */
export const Route = createFileRoute('/_visitor-index/order/success')({
  validateSearch: parseOrderRefSearch,
});
