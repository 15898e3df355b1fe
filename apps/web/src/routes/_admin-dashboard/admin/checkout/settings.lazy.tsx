import { createLazyFileRoute } from '@tanstack/react-router';
import { PaymentSettingsPage } from '../../../../features/admin-checkout/payment-settings-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/checkout/settings')({
  component: PaymentSettingsPage,
});
