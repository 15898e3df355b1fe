import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { orderKeyFor } from './order-access';
import { orderByIdOptions } from './order-queries';

/**
 * The order a result page (`?order=<id>`) is about: a guest's through the key kept in this tab, a
 * customer's through the session. Undefined id, or no right to see it: `order` stays undefined.
 */
export function useOrderRef(orderId: number | undefined) {
  const trpc = useTRPC();
  const key = orderId ? orderKeyFor(orderId) : undefined;
  const query = useQuery({
    ...orderByIdOptions(trpc, orderId ?? 0, key),
    enabled: orderId !== undefined,
  });
  return { order: query.data, key, loading: orderId !== undefined && query.isPending, error: query.error };
}
