import { createFileRoute, redirect } from '@tanstack/react-router';
import { readToken, removeToken } from '../lib/storage';
import { isUnauthorizedError } from '../lib/trpc';

/**
 * Spec layout admin-dashboard. The guard lives here (not in the lazy file) so nobody downloads the
 * admin screens before `user.details` says admin; everyone else goes back to the sign-in form.
 */
export const Route = createFileRoute('/_admin-dashboard')({
  beforeLoad: async ({ context: { queryClient, trpc } }) => {
    if (!readToken()) throw redirect({ to: '/admin' });
    const user = await queryClient
      .ensureQueryData(trpc.user.details.queryOptions())
      .catch((error: unknown) => {
        if (!isUnauthorizedError(error)) throw error;
        removeToken();
        throw redirect({ to: '/admin' });
      });
    if (user.role !== 'admin') throw redirect({ to: '/admin' });
    return { user };
  },
});
