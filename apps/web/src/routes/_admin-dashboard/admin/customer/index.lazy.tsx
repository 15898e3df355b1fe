import { createLazyFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '../../../../features/admin-customers/customers-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/customer/')({
  component: CustomersRoute,
});

function CustomersRoute() {
  return <CustomersPage search={Route.useSearch()} />;
}
