import { createLazyFileRoute } from '@tanstack/react-router';
import { CheckoutAccountPage } from '../../../../features/checkout/checkout-account-page';

export const Route = createLazyFileRoute('/_visitor-index/order/services/account')({
  component: CheckoutAccountPage,
});
