import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type AppRouter, appRouter, type Context } from '@shop/api';
import { createTRPCClient, unstable_localLink } from '@trpc/client';

/**
 * What the web app's server entry (apps/web/src/entry-server.tsx, built to apps/web/dist-ssr) answers.
 * Written out here because the server loads the built file, not the web app's sources.
 */
export type RenderResult =
  | { kind: 'client-rendered' }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; html: string; state: unknown; styles: string; routeModules: string[] };

type ShopTrpcClient = ReturnType<typeof createTRPCClient<AppRouter>>;

type ServerEntry = {
  renderShopPage(request: { url: string; trpcClient: ShopTrpcClient }): Promise<RenderResult>;
  SERVER_STATE_ELEMENT_ID: string;
};

export type ShopRender = RenderResult & { stateElementId: string };

/**
 * Renders shop pages with the web app's own router and loaders. The loaders' API calls run in-process
 * through tRPC's local link, with a guest's context: the page a crawler or a first-time visitor gets.
 */
export class ShopRenderer {
  private readonly file: string;
  private loading: Promise<ServerEntry> | undefined;

  constructor(
    webSsrDist: string,
    private readonly createGuestContext: () => Promise<Context>,
  ) {
    this.file = path.join(webSsrDist, 'entry-server.js');
  }

  /** Null when the server entry has not been built: the shop then sends the client-rendered app. */
  async render(url: string): Promise<ShopRender | null> {
    const entry = await this.entry();
    if (!entry) return null;
    const trpcClient = createTRPCClient<AppRouter>({
      links: [unstable_localLink({ router: appRouter, createContext: this.createGuestContext })],
    });
    const result = await entry.renderShopPage({ url, trpcClient });
    return { ...result, stateElementId: entry.SERVER_STATE_ELEMENT_ID };
  }

  /**
   * The entry is imported once per process: its chunks import it back by its plain URL, so a second
   * copy under another URL would split the app's React contexts in two. A rebuilt web app therefore
   * needs a restart of the server; an entry built after the start is picked up.
   */
  private async entry(): Promise<ServerEntry | null> {
    if (!this.loading) {
      if (!(await stat(this.file).catch(() => null))) return null;
      // A failed import is tried again by the next page rather than remembered.
      this.loading ??= (import(pathToFileURL(this.file).href) as Promise<ServerEntry>).catch((error) => {
        this.loading = undefined;
        throw error;
      });
    }
    return this.loading;
  }
}
