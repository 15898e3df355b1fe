import type { Trpc } from '../../lib/trpc';

/** One order as its owner, an admin or the holder of its private key sees it. */
export const orderByIdOptions = (trpc: Trpc, id: number, key: string | undefined) =>
  trpc.order.byId.queryOptions(key ? { id, key } : { id });
