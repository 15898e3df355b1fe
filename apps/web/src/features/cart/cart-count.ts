import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useGuestCart, useToken } from '../../lib/use-storage';

/**
 * The pieces in the cart, for the header badge: a guest's are counted in the browser, unpriced. Apart
 * from the cart's actions (use-cart.ts), because the header is on every page's first load and the
 * actions are needed only where something can be put into the cart.
 */
export function useCartCount(): number {
  const trpc = useTRPC();
  const token = useToken();
  const guestLines = useGuestCart();
  const { data } = useQuery({ ...trpc.cart.get.queryOptions(), enabled: Boolean(token) });
  // What the shopper put in, the same for both: a gift promotion's free piece is not among a guest's lines.
  const lines = token ? (data?.lines.filter((line) => !line.gift) ?? []) : guestLines;
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
