import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { ErrorPage } from './components/error-page';
import { NotFoundPage } from './components/not-found-page';
import type { Trpc } from './lib/trpc';
import { routeTree } from './routeTree.gen';
import { frameClientScreens } from './ssr/screen-frames';

export type RouterContext = { queryClient: QueryClient; trpc: Trpc };

/** `history`: the server passes one that holds the requested URL; the browser uses its address bar. */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    context,
    history,
    defaultPreload: 'intent',
    // React Query owns freshness; the router must not cache loader results on its own.
    defaultPreloadStaleTime: 0,
    // Restored in the browser. On the server the router would write an inline script for it, which
    // the Content-Security-Policy (script-src 'self') refuses, leaving a node hydration does not expect.
    scrollRestoration: history ? false : afterFirstPage(),
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
  });
  frameClientScreens(router);
  return router;
}

/**
 * Scroll restoration for moves inside the app, not for the page the browser loaded: the browser
 * already shows that one where it belongs, and a shopper may have scrolled it while the app woke up.
 */
function afterFirstPage(): () => boolean {
  let first = true;
  return () => {
    const restore = !first;
    first = false;
    return restore;
  };
}

export type ShopRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: ShopRouter;
  }
}
