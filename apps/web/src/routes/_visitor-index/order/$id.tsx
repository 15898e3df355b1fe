import { createFileRoute, notFound } from '@tanstack/react-router';
import { orderKeyFor, rememberOrderKey } from '../../../features/orders/order-access';
import { orderByIdOptions } from '../../../features/orders/order-queries';
import { parseOrderId, parseOrderPageSearch } from '../../../features/orders/order-search';
import type { OrderNotFoundData } from '../../../features/orders/order-sign-in';
import { isNotFoundError } from '../../../lib/trpc';

/**
 * /order/{id}?key=… (beyond the spec): one order for its owner, or for whoever holds the private link
 * of the confirmation e-mail. A signed-out visitor without the key is asked to sign in (the lazy part's
 * not-found screen); anyone else, and any id that is not a number, gets 'Page not found'.
 */
export const Route = createFileRoute('/_visitor-index/order/$id')({
  validateSearch: parseOrderPageSearch,
  loaderDeps: ({ search }) => ({ key: search.key }),
  loader: async ({ context: { queryClient, trpc }, params, deps }) => {
    const id = parseOrderId(params.id);
    if (!id) throw notFound();
    const key = deps.key ?? orderKeyFor(id);
    try {
      await queryClient.ensureQueryData(orderByIdOptions(trpc, id, key));
    } catch (error) {
      if (!isNotFoundError(error)) throw error;
      // Without the private key the order may be this visitor's own, seen once they sign in.
      throw notFound(key ? undefined : { data: { signInMayHelp: true } satisfies OrderNotFoundData });
    }
    if (deps.key) rememberOrderKey(id, deps.key);
    return { id, key };
  },
});
