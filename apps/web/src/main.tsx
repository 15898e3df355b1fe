import { ShopUiProvider } from '@shop/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installChunkErrorReload } from './lib/chunk-reload';
import { createQueryClient } from './lib/query-client';
import { onSessionExpired } from './lib/session';
import { createTrpcClient, createTrpcOptions, TRPCProvider } from './lib/trpc';
import { createAppRouter } from './router';

installChunkErrorReload();

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const trpc = createTrpcOptions(trpcClient, queryClient);
const router = createAppRouter({ queryClient, trpc });

onSessionExpired(() => {
  queryClient.removeQueries(trpc.user.pathFilter());
  queryClient.removeQueries(trpc.cart.pathFilter());
  void router.navigate({ to: '/' });
});

const root = document.getElementById('root');
if (!root) throw new Error('A #root elem hiányzik az index.html-ből.');

createRoot(root).render(
  <StrictMode>
    <ShopUiProvider>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </ShopUiProvider>
  </StrictMode>,
);
