import { createFileRoute, redirect } from '@tanstack/react-router';
import { readToken } from '../../../lib/storage';

/** /admin: an admin who is still signed in goes straight to the dashboard. */
export const Route = createFileRoute('/_admin-index/admin/')({
  beforeLoad: async ({ context: { queryClient, trpc } }) => {
    if (!readToken()) return;
    const user = await queryClient.ensureQueryData(trpc.user.details.queryOptions()).catch(() => null);
    if (user?.role === 'admin') throw redirect({ to: '/admin/dashboard' });
  },
});
