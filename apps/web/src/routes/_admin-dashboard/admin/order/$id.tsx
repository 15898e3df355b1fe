import { createFileRoute, notFound } from '@tanstack/react-router';
import { ensureFound } from '../../../../lib/ensure-found';

/** Kept small: the screen itself is in the .lazy file, so shoppers never download it. */
export const Route = createFileRoute('/_admin-dashboard/admin/order/$id')({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) throw notFound();
    await ensureFound(queryClient.ensureQueryData(trpc.order.adminById.queryOptions({ id })));
  },
});
