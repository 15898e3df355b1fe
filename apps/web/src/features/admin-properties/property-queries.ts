import type { TrpcClient } from '../../lib/trpc';

/**
 * The API lists properties through its one POST operation (`{action:'list'}`), a tRPC mutation; the
 * screens cache that answer as a query under this key.
 */
export const PROPERTY_LIST_KEY = ['property', 'list'] as const;

export const propertyListOptions = (client: TrpcClient) => ({
  queryKey: PROPERTY_LIST_KEY,
  queryFn: () => client.property.listOrSave.mutate({ action: 'list' }),
  staleTime: 60_000,
});
