import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { ErrorPage } from './components/error-page';
import { NotFoundPage } from './components/not-found-page';
import type { Trpc } from './lib/trpc';
import { routeTree } from './routeTree.gen';

export type RouterContext = { queryClient: QueryClient; trpc: Trpc };

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // React Query owns freshness; the router must not cache loader results on its own.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
