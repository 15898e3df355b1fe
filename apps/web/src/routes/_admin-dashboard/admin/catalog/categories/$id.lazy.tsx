import { createLazyFileRoute } from '@tanstack/react-router';
import { CategoryEditPage } from '../../../../../features/admin-categories/category-edit-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/catalog/categories/$id')({
  component: CategoryEditRoute,
});

function CategoryEditRoute() {
  const { id } = Route.useParams();
  return <CategoryEditPage id={Number(id)} />;
}
