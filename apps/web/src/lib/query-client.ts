import { QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
