import { createLazyFileRoute } from '@tanstack/react-router';
import { AdminShell } from '../features/admin/admin-shell';

export const Route = createLazyFileRoute('/_admin-dashboard')({
  component: AdminDashboardLayout,
});

function AdminDashboardLayout() {
  const { user } = Route.useRouteContext();
  return <AdminShell user={user} />;
}
