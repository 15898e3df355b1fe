import { createLazyFileRoute } from '@tanstack/react-router';
import { GroupEditPage } from '../../../../../features/admin-customers/group-edit-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/customer/group/$id')({
  component: GroupEditRoute,
});

function GroupEditRoute() {
  const { id } = Route.useParams();
  return <GroupEditPage key={id} id={Number(id)} />;
}
