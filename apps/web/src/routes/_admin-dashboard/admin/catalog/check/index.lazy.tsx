import { createLazyFileRoute } from '@tanstack/react-router';
import { CheckPage } from '../../../../../features/admin-catalog/check-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/catalog/check/')({
  component: CheckPage,
});
