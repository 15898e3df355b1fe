import { createFileRoute } from '@tanstack/react-router';
import { readGuestCart, readToken } from '../../lib/storage';

/**
 * Route cart (README.md, "Routes"). The cart lives in this browser (a guest's lines, or the session that
 * names the server cart), so the loader only warms the query the screen reads; the screen is in the .lazy
 * file.
 */
export const Route = createFileRoute('/_visitor-index/cart')({
  loader: ({ context: { queryClient, trpc } }) => {
    if (readToken()) return queryClient.prefetchQuery(trpc.cart.get.queryOptions());
    const lines = readGuestCart();
    if (lines.length > 0) return queryClient.prefetchQuery(trpc.cart.price.queryOptions({ cart: lines }));
  },
});
