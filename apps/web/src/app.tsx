import { ShopUiProvider } from '@shop/ui';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { TRPCProvider, type TrpcClient } from './lib/trpc';
import type { ShopRouter } from './router';

type ShopAppProps = { router: ShopRouter; queryClient: QueryClient; trpcClient: TrpcClient };

/** The attribute `<html>` gets once the app is live: server HTML hydrated, or the client's first render done. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * Until hydration, a server-rendered page shows but does not answer clicks. Browser tests (and anyone
 * measuring) wait for this mark before they act; effects run only after the first commit.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  }, []);
  return null;
}

/** The whole app: the browser renders it into #root and the server renders the same tree to HTML. */
export function ShopApp({ router, queryClient, trpcClient }: ShopAppProps) {
  return (
    <StrictMode>
      <ShopUiProvider>
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            <RouterProvider router={router} />
            <HydratedMark />
          </TRPCProvider>
        </QueryClientProvider>
      </ShopUiProvider>
    </StrictMode>
  );
}
