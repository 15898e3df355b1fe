import { createLazyFileRoute } from '@tanstack/react-router';
import { PagesPage } from '../../../../../features/admin-pages/pages-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/other/page/')({
  component: PagesRoute,
});

function PagesRoute() {
  return <PagesPage search={Route.useSearch()} />;
}
