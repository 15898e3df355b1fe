import { createLazyFileRoute } from '@tanstack/react-router';
import { FeedsPage } from '../../../features/admin-feeds/feeds-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/feeds')({
  component: FeedsPage,
});
