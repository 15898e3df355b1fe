import { createLazyFileRoute } from '@tanstack/react-router';
import { PropertiesPage } from '../../../features/admin-properties/properties-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/property')({
  component: PropertiesPage,
});
