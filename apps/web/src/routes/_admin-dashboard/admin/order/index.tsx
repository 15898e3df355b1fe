import { createFileRoute } from '@tanstack/react-router';
import { parseOrderListSearch } from '../../../../features/admin-orders/order-list-search';

export const Route = createFileRoute('/_admin-dashboard/admin/order/')({
  validateSearch: parseOrderListSearch,
});
