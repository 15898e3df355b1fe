import { createLazyFileRoute } from '@tanstack/react-router';
import { StaffPage } from '../../../../features/admin-staff/staff-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/settings/staff')({
  component: StaffRoute,
});

function StaffRoute() {
  return <StaffPage search={Route.useSearch()} />;
}
