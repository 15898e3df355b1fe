import { createLazyFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../../../features/checkout/checkout-page';

export const Route = createLazyFileRoute('/_visitor-index/order/checkout')({
  component: CheckoutPage,
});
