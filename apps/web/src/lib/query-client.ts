import { MutationCache, QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { toastError } from './error-toast';

/** What a mutation may tell the one error handler below. */
type ShopMutationMeta = {
  /** The toast's title when the mutation fails; the default only says the action failed. */
  errorTitle?: string;
  /** `false`: the screen shows the failure itself (under a form's fields, or in its own words). */
  toastError?: false;
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: ShopMutationMeta;
  }
}

const DEFAULT_ERROR_TITLE = 'A művelet nem sikerült.';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Every failed mutation is reported here once, so screens do not each repeat "toast unless 401".
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const meta = mutation.meta;
        if (meta?.toastError === false) return;
        toastError(meta?.errorTitle ?? DEFAULT_ERROR_TITLE, error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // A 4xx answer will not change by asking again; network and 5xx failures get one more try.
        retry: (failureCount, error) => {
          if (error instanceof TRPCClientError) {
            const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus ?? 0;
            if (status >= 400 && status < 500) return false;
          }
          return failureCount < 1;
        },
        refetchOnWindowFocus: false,
      },
    },
  });
}
