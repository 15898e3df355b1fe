import { createFileRoute } from '@tanstack/react-router';
import { parseCustomerListSearch } from '../../../../features/admin-customers/customer-list-search';

export const Route = createFileRoute('/_admin-dashboard/admin/customer/')({
  validateSearch: parseCustomerListSearch,
});
