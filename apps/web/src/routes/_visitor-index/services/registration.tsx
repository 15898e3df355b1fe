import { createFileRoute, redirect } from '@tanstack/react-router';
import { readToken } from '../../../lib/storage';

/** Route services-registration (README.md, "Routes"); a signed-in customer has an account already. */
export const Route = createFileRoute('/_visitor-index/services/registration')({
  beforeLoad: () => {
    if (readToken()) throw redirect({ to: '/services/account' });
  },
});
