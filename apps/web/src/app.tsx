import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { prepareShopSystem, ShopUiProvider } from '@shop/ui';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { TRPCProvider, type TrpcClient } from './lib/trpc';
import type { ShopRouter } from './router';

type ShopAppProps = {
  router: ShopRouter;
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  /**
   * Where the styles go: on the server a collector for the page's head, in the browser of a
   * server-rendered page the cache that adopted the server's styles (ssr/emotion-styles.ts). Emotion's
   * default otherwise.
   */
  styleCache?: EmotionCache;
  /** In the browser of a server-rendered page: Chakra's global styles are in the head already. */
  globalStylesInHead?: boolean;
  /** Called once the app has rendered or hydrated the page and its controls answer. */
  onAwake?: () => void;
};

/**
 * Builds Chakra's style system ahead of the first render, which would otherwise build it on the way in
 * one long task, awaiting `pause` between its steps. Here rather than an import of `@shop/ui` in
 * main.tsx: that import split the first load into more chunks and took it past its 200 kB budget.
 */
export function prepareStyleSystem(pause: () => Promise<void>): Promise<void> {
  return prepareShopSystem(pause);
}

/** The whole app: the browser renders it into #root and the server renders the same tree to HTML. */
export function ShopApp({
  router,
  queryClient,
  trpcClient,
  styleCache,
  globalStylesInHead,
  onAwake,
}: ShopAppProps) {
  const app = (
    <ShopUiProvider globalStylesInHead={globalStylesInHead}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <RouterProvider router={router} />
          {onAwake && <WhenAwake onAwake={onAwake} />}
        </TRPCProvider>
      </QueryClientProvider>
    </ShopUiProvider>
  );
  return (
    <StrictMode>{styleCache ? <CacheProvider value={styleCache}>{app}</CacheProvider> : app}</StrictMode>
  );
}

/** Renders nothing; its effect runs once React has committed the page, hydrated or rendered. */
function WhenAwake({ onAwake }: { onAwake: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load, whatever the parent passes later
  useEffect(onAwake, []);
  return null;
}
