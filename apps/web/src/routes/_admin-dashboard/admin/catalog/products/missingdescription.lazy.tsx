import { createLazyFileRoute } from '@tanstack/react-router';
import { QualityListPage } from '../../../../../features/admin-catalog/quality-list-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/catalog/products/missingdescription')({
  component: () => <QualityListPage check="missing-description" />,
});
