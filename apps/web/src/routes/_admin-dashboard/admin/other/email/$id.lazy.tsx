import { createLazyFileRoute } from '@tanstack/react-router';
import { TemplateEditPage } from '../../../../../features/admin-email/template-edit-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/other/email/$id')({
  component: TemplateEditRoute,
});

function TemplateEditRoute() {
  const { id } = Route.useParams();
  return <TemplateEditPage key={id} id={id === 'new' ? 'new' : Number(id)} />;
}
