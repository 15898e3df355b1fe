import { createLazyFileRoute } from '@tanstack/react-router';
import { ShippingMethodEditPage } from '../../../../../features/admin-checkout/shipping-method-edit-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/checkout/shipping/$id')({
  component: ShippingMethodEditRoute,
});

function ShippingMethodEditRoute() {
  const { id } = Route.useParams();
  return <ShippingMethodEditPage key={id} id={id === 'new' ? 'new' : Number(id)} />;
}
