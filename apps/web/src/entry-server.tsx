import { Writable } from 'node:stream';
import { dehydrate } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToPipeableStream } from 'react-dom/server';
import { ShopApp } from './app';
import { shopPathScreenFile } from './features/catalog/shop-path-screens';
import { createQueryClient } from './lib/query-client';
import { createTrpcOptions, type TrpcClient } from './lib/trpc';
import { createAppRouter, type ShopRouter } from './router';
import { createStyleCollector, styleTags } from './ssr/emotion-styles';
import { isFramedScreen } from './ssr/screen-frames';
import { SERVER_RENDERED_ROUTES } from './ssr/server-rendered-routes';
import type { ServerState } from './ssr/server-state';

export { SERVER_STATE_ELEMENT_ID } from './ssr/server-state';

export type RenderRequest = {
  /** Path and query of the request, e.g. `/konyha/bogrek?rendezes=ar`. */
  url: string;
  /** A tRPC client that calls the API in-process, as a guest (the server builds it per request). */
  trpcClient: TrpcClient;
};

export type RenderResult =
  /** A screen the browser renders itself (the admin): send the app's shell. */
  | { kind: 'client-rendered' }
  /** The route sends the shopper elsewhere (an old product name in the URL). */
  | { kind: 'redirect'; status: number; location: string }
  /**
   * `html` goes into #root, `state` (dehydrated queries) next to it, `styles` into the head;
   * `routeModules` are the lazily loaded route files the page shows, so the browser can fetch their code early.
   */
  | {
      kind: 'page';
      status: number;
      html: string;
      state: ServerState;
      styles: string;
      routeModules: string[];
    };

/** Renders one shop URL with the same router, routes and loaders the browser uses. */
export async function renderShopPage({ url, trpcClient }: RenderRequest): Promise<RenderResult> {
  const queryClient = createQueryClient();
  const trpc = createTrpcOptions(trpcClient, queryClient);
  const router = createAppRouter({ queryClient, trpc }, createMemoryHistory({ initialEntries: [url] }));

  const pathname = url.split('?')[0] ?? '/';
  const leaf = router.getMatchedRoutes(pathname)[2];
  if (!leaf || !(SERVER_RENDERED_ROUTES.has(leaf.id) || isFramedScreen(leaf.id)))
    return { kind: 'client-rendered' };

  await router.load();
  // The router's own record of the server load: render with a status, or redirect.
  const result = router._serverResult;
  if (result?.type === 'redirect') {
    return {
      kind: 'redirect',
      status: result.redirect.status,
      location: result.redirect.headers.get('Location') ?? '/',
    };
  }
  const status = result?.status ?? 200;
  // A failed loader (the database away) is left to the browser, which retries and shows its error page.
  if (status >= 500) return { kind: 'client-rendered' };

  const styles = createStyleCollector();
  const html = await renderToHtml(
    <ShopApp router={router} queryClient={queryClient} trpcClient={trpcClient} styleCache={styles} />,
  );
  const state: ServerState = { queries: dehydrate(queryClient) };
  queryClient.clear();
  return {
    kind: 'page',
    status,
    html,
    state,
    styles: styleTags(styles),
    routeModules: [
      ...router.state.matches.map((match) => lazyRouteFile(match.routeId)),
      ...shopPathScreenFiles(router.state.matches),
      CONSENT_BANNER_FILE,
    ],
  };
}

/** A pretty URL's screen, which its route's loader loads by what the path names (shop-path-screens.ts). */
function shopPathScreenFiles(matches: ShopRouter['state']['matches']): string[] {
  for (const match of matches) {
    if (match.routeId !== '/_visitor-index/$' || !match.loaderData) continue;
    const file = shopPathScreenFile(match.loaderData);
    if (file) return [file];
  }
  return [];
}

/**
 * The cookie banner's lazily loaded part: every server-rendered page carries the banner, and the browser
 * loads it before hydrating (features/consent/consent-gate.tsx). Listed with the route's parts, the
 * start-up script preloads its chunks a few at a time; imported by the app alone, the bundler's preloading
 * added a `<link>` per chunk in one task of 12–17 ms on a desktop, a long one on a phone.
 */
const CONSENT_BANNER_FILE = 'src/features/consent/lazy-entry.ts';

/**
 * The source file of a route's lazily loaded part, by TanStack Router's file naming: `/_visitor-index/$`
 * is `src/routes/_visitor-index/$.lazy.tsx`, an index route `/blog/` is `…/blog/index.lazy.tsx`.
 * Routes without one are simply not found in the build's manifest.
 */
function lazyRouteFile(routeId: string): string {
  return `src/routes${routeId.endsWith('/') ? `${routeId}index` : routeId}.lazy.tsx`;
}

/** The whole page once every Suspense boundary has its data, so crawlers get the content, not fallbacks. */
function renderToHtml(app: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(app, {
      // Every boundary in place: React would move large ones behind an inline script, which the
      // Content-Security-Policy (script-src 'self') does not run.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        reject(error);
      },
    });
  });
}
