import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { orderKeyFor, rememberOrderKey } from '../../../features/orders/order-access';
import { orderByIdOptions } from '../../../features/orders/order-queries';
import { parseOrderId, parseOrderPageSearch } from '../../../features/orders/order-search';
import { ensureFound } from '../../../lib/ensure-found';

/**
 * /order/{id}?key=… (beyond the spec): one order for its owner, or for whoever holds the private link
 * of the confirmation e-mail. Anyone else, and any id that is not a number, gets 'Page not found'.
 */
export const Route = createFileRoute('/_visitor-index/order/$id')({
  validateSearch: parseOrderPageSearch,
  loaderDeps: ({ search }) => ({ key: search.key }),
  loader: async ({ context: { queryClient, trpc }, params, deps }) => {
    const id = parseOrderId(params.id);
    if (!id) throw notFound();
    const key = deps.key ?? orderKeyFor(id);
    await ensureFound(queryClient.ensureQueryData(orderByIdOptions(trpc, id, key)));
    if (deps.key) rememberOrderKey(id, deps.key);
    return { id, key };
  },
  notFoundComponent: NotFoundPage,
});
