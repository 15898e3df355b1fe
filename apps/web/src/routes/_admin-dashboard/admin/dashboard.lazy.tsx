import { createLazyFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../../features/admin/dashboard-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/dashboard')({
  component: DashboardPage,
});
