import type { AppRouter } from '@shop/api';
import { MAX_BATCH_SIZE } from '@shop/api/schemas/limits';
import type { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCContext, createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { sessionAwareFetch } from './session';
import { readToken } from './storage';

export type Trpc = TRPCOptionsProxy<AppRouter>;
export type TrpcClient = ReturnType<typeof createTRPCClient<AppRouter>>;

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * The `Idempotency-Key` a call asks for with `trpc: { context: { idempotencyKey } }` (placing an order).
 * Mutations are batched apart from queries, and only the order placement reads the header.
 */
function idempotencyKeyOf(opList: readonly { context: Record<string, unknown> }[]): string | undefined {
  for (const op of opList) {
    const key = op.context.idempotencyKey;
    if (typeof key === 'string' && key !== '') return key;
  }
  return undefined;
}

export function createTrpcClient(): TrpcClient {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        // The server refuses larger batches; a screen that asks for more is sent as several requests.
        maxItems: MAX_BATCH_SIZE,
        headers({ opList }) {
          const token = readToken();
          const idempotencyKey = idempotencyKeyOf(opList);
          return {
            ...(token ? { token } : {}),
            ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          };
        },
        fetch: sessionAwareFetch,
      }),
    ],
  });
}

export function createTrpcOptions(client: TrpcClient, queryClient: QueryClient): Trpc {
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient });
}

const FALLBACK_MESSAGE = 'Váratlan hiba történt. Kérjük, próbáld újra később!';

function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null || !('httpStatus' in data)) return undefined;
  return typeof data.httpStatus === 'number' ? data.httpStatus : undefined;
}

export const isNotFoundError = (error: unknown): boolean => httpStatusOf(error) === 404;
export const isUnauthorizedError = (error: unknown): boolean => httpStatusOf(error) === 401;
export const isConflictError = (error: unknown): boolean => httpStatusOf(error) === 409;

/** The server's Hungarian message for a failed call, or a generic one when it sent none (network down). */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError && httpStatusOf(error) !== undefined && error.message) {
    return error.message;
  }
  return FALLBACK_MESSAGE;
}
