import { createLazyFileRoute } from '@tanstack/react-router';
import { CataloguesPage } from '../../../../../features/admin-catalogues/catalogues-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/other/catalogue/')({
  component: CataloguesRoute,
});

function CataloguesRoute() {
  return <CataloguesPage search={Route.useSearch()} />;
}
