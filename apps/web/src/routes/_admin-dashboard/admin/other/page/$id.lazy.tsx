import { createLazyFileRoute } from '@tanstack/react-router';
import { PageEditPage } from '../../../../../features/admin-pages/page-edit-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/other/page/$id')({
  component: PageEditRoute,
});

function PageEditRoute() {
  const { id } = Route.useParams();
  return <PageEditPage key={id} id={id === 'new' ? 'new' : Number(id)} />;
}
