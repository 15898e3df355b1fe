import { createLazyFileRoute } from '@tanstack/react-router';
import { CatalogUserPage } from '../../../../features/admin-catalog/catalog-user-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/catalog/user')({
  component: CatalogUserRoute,
});

function CatalogUserRoute() {
  return <CatalogUserPage search={Route.useSearch()} />;
}
