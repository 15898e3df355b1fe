import { createFileRoute, notFound } from '@tanstack/react-router';
import { ensureFound } from '../../../../../lib/ensure-found';

/** `new` or a payment method id; the screen is in the .lazy file. */
export const Route = createFileRoute('/_admin-dashboard/admin/checkout/payment/$id')({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    if (params.id === 'new') return;
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) throw notFound();
    await ensureFound(queryClient.ensureQueryData(trpc.checkout.paymentById.queryOptions({ id })));
  },
});
