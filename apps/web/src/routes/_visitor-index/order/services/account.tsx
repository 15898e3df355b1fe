import { createFileRoute, redirect } from '@tanstack/react-router';
import { readToken } from '../../../../lib/storage';

/**
 * Route order-services-account (README.md, "Routes"): sign in, register or go on as a guest; a customer goes
 * straight on.
 */
export const Route = createFileRoute('/_visitor-index/order/services/account')({
  beforeLoad: () => {
    if (readToken()) throw redirect({ to: '/order/checkout', replace: true });
  },
});
