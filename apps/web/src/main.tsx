import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { prepareStyleSystem, ShopApp } from './app';
import { wakeEarlyInput } from './early-input/wake';
import { loadConsentBanner } from './features/consent/consent-gate';
import { installChunkErrorReload } from './lib/chunk-reload';
import { createQueryClient } from './lib/query-client';
import { onSessionExpired } from './lib/session';
import { readToken } from './lib/storage';
import { createTrpcClient, createTrpcOptions } from './lib/trpc';
import { yieldToBrowser } from './lib/yield-to-browser';
import { createAppRouter } from './router';
import { adoptServerStyles } from './ssr/emotion-styles';
import { readServerState } from './ssr/server-state';

installChunkErrorReload();

/** Creates the app's clients and router and puts the app on the page: rendered, taken over or hydrated. */
async function start() {
  // Evaluating the entry's code was this task's work; building the router (its whole route tree) and
  // starting the page come in the next, so a phone's main thread gets a turn in between.
  await yieldToBrowser();

  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient();
  const trpc = createTrpcOptions(trpcClient, queryClient);
  // Building the router walks its whole route tree: 10 ms on a desktop, a long task on a phone when
  // it shares a task with the clients above.
  await yieldToBrowser();
  const router = createAppRouter({ queryClient, trpc });

  onSessionExpired(() => {
    queryClient.removeQueries(trpc.user.pathFilter());
    queryClient.removeQueries(trpc.cart.pathFilter());
    void router.navigate({ to: '/' });
  });

  const root = document.getElementById('root');
  if (!root) throw new Error('A #root elem hiányzik az index.html-ből.');
  const serverState = readServerState();
  const serverStyles = serverState ? adoptServerStyles() : undefined;
  const app = (
    <ShopApp
      router={router}
      queryClient={queryClient}
      trpcClient={trpcClient}
      styleCache={serverStyles}
      globalStylesInHead={serverStyles !== undefined}
      onAwake={() => {
        // The server renders every page as a guest sees it. A signed-in shopper's page is hydrated
        // as it is, so nothing they tap or type is thrown away, and then takes their own prices and
        // cart from the API in place.
        if (serverState && readToken()) void queryClient.invalidateQueries();
        wakeEarlyInput();
      }}
    />
  );

  if (!serverState) {
    await prepareStyleSystem(yieldToBrowser);
    createRoot(root).render(app);
    return;
  }
  // The loaders find the server's data in the cache and only load the route's code, so the first
  // render matches the server's HTML and hydration asks the API for nothing. Parts the server rendered
  // from lazily loaded code arrive first too, so they hydrate with the page instead of a moment later.
  // Another task than the router's: each is a few milliseconds, together a long task on a phone.
  await yieldToBrowser();
  hydrate(queryClient, serverState.queries);
  await yieldToBrowser();
  // Marks the router as hydrating server HTML, as TanStack's own client entry does: its route tree
  // then has the server's Suspense boundaries, not the client-only ones around pending routes.
  router.ssr = { manifest: undefined };
  await Promise.all([router.load(), loadConsentBanner()]);
  // Chakra's style system (its tokens, conditions and recipes) takes about 25 ms on a desktop, four
  // times that on a phone: built step by step, a short task each, rather than inside hydration's first.
  await yieldToBrowser();
  await prepareStyleSystem(yieldToBrowser);
  await yieldToBrowser();
  // As a transition, React hydrates in slices and lets the browser answer in between, instead of
  // holding a phone's main thread for the whole page.
  startTransition(() => {
    hydrateRoot(root, app);
  });
}

void start();
