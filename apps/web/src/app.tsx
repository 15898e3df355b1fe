import { ShopUiProvider } from '@shop/ui';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { TRPCProvider, type TrpcClient } from './lib/trpc';
import type { ShopRouter } from './router';

type ShopAppProps = { router: ShopRouter; queryClient: QueryClient; trpcClient: TrpcClient };

/** The whole app: the browser renders it into #root and the server renders the same tree to HTML. */
export function ShopApp({ router, queryClient, trpcClient }: ShopAppProps) {
  return (
    <StrictMode>
      <ShopUiProvider>
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            <RouterProvider router={router} />
          </TRPCProvider>
        </QueryClientProvider>
      </ShopUiProvider>
    </StrictMode>
  );
}
