import { createFileRoute, notFound } from '@tanstack/react-router';
import { parseOrderPrintSearch, printIds } from '../../../../features/admin-orders/order-print-search';
import { ensureFound } from '../../../../lib/ensure-found';

export const Route = createFileRoute('/_admin-dashboard/admin/order/print')({
  validateSearch: parseOrderPrintSearch,
  loaderDeps: ({ search }) => ({ ids: printIds(search.ids) }),
  loader: async ({ context: { queryClient, trpc }, deps }) => {
    if (deps.ids.length === 0) throw notFound();
    await ensureFound(queryClient.ensureQueryData(trpc.order.print.queryOptions({ ids: deps.ids })));
  },
});
