import { createLazyFileRoute } from '@tanstack/react-router';
import { CatalogueEditPage } from '../../../../../features/admin-catalogues/catalogue-edit-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/other/catalogue/$id')({
  component: CatalogueEditRoute,
});

function CatalogueEditRoute() {
  const { id } = Route.useParams();
  return <CatalogueEditPage key={id} id={id === 'new' ? 'new' : Number(id)} />;
}
