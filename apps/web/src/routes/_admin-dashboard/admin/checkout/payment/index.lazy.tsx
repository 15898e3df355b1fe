import { createLazyFileRoute } from '@tanstack/react-router';
import { PaymentMethodsPage } from '../../../../../features/admin-checkout/payment-methods-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/checkout/payment/')({
  component: PaymentMethodsPage,
});
