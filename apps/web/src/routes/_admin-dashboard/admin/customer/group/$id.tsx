import { createFileRoute, notFound } from '@tanstack/react-router';
import { ensureFound } from '../../../../../lib/ensure-found';

export const Route = createFileRoute('/_admin-dashboard/admin/customer/group/$id')({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) throw notFound();
    await ensureFound(queryClient.ensureQueryData(trpc.customer.groupById.queryOptions({ id })));
  },
});
