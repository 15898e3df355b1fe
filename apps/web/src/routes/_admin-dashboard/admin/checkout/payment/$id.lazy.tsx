import { createLazyFileRoute } from '@tanstack/react-router';
import { PaymentMethodEditPage } from '../../../../../features/admin-checkout/payment-method-edit-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/checkout/payment/$id')({
  component: PaymentMethodEditRoute,
});

function PaymentMethodEditRoute() {
  const { id } = Route.useParams();
  return <PaymentMethodEditPage key={id} id={id === 'new' ? 'new' : Number(id)} />;
}
