import { createLazyFileRoute } from '@tanstack/react-router';
import { InvoiceSettingsPage } from '../../../../features/admin-checkout/invoice-settings-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/checkout/invoicing')({
  component: InvoiceSettingsPage,
});
