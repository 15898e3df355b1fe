import { createLazyFileRoute } from '@tanstack/react-router';
import { QualityListPage } from '../../../../../features/admin-catalog/quality-list-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/catalog/check/$check')({
  component: CheckListRoute,
});

function CheckListRoute() {
  const { check } = Route.useLoaderData();
  return <QualityListPage key={check} check={check} />;
}
