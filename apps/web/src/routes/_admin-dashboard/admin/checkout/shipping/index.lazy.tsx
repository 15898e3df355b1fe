import { createLazyFileRoute } from '@tanstack/react-router';
import { ShippingMethodsPage } from '../../../../../features/admin-checkout/shipping-methods-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/checkout/shipping/')({
  component: ShippingMethodsPage,
});
