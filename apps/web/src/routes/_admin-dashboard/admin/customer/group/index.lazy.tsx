import { createLazyFileRoute } from '@tanstack/react-router';
import { GroupsPage } from '../../../../../features/admin-customers/groups-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/customer/group/')({
  component: GroupsPage,
});
