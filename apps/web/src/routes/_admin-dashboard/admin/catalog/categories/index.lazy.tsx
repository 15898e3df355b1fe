import { createLazyFileRoute } from '@tanstack/react-router';
import { CategoriesPage } from '../../../../../features/admin-categories/categories-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/catalog/categories/')({
  component: CategoriesPage,
});
