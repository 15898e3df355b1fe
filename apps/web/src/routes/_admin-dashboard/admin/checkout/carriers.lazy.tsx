import { createLazyFileRoute } from '@tanstack/react-router';
import { CarrierSettingsPage } from '../../../../features/admin-checkout/carrier-settings-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/checkout/carriers')({
  component: CarrierSettingsPage,
});
