/// <reference lib="dom" />
// The functions given to Playwright run in the page, where the DOM is.
import type { Page } from 'playwright-core';

/**
 * Knowing when a server-rendered page has become the app: React hydrates it in parts (each Suspense
 * boundary in its own pass), so it is live once every element the server sent carries React's own
 * property (`__reactFiber$…`, React's internal name, the one sure sign of a hydrated element), has
 * been replaced, or lies inside markup React was given as inner HTML, which it never hydrates. The
 * e2e journeys wait the same way (`waitForApp` in e2e/test/fixtures.ts); the bench keeps its own copy
 * so that it does not depend on the e2e workspace.
 */

/** An init script (a string: tsx would add helpers of its own to a function's source). */
export const REMEMBER_SERVER_ELEMENTS = `document.addEventListener('DOMContentLoaded', () => {
  const root = document.getElementById('root');
  if (root && document.getElementById('shop-state')) window.__serverElements = [...root.querySelectorAll('*')];
});`;

declare global {
  interface Window {
    /** The elements of #root as the server sent them (only on a server-rendered page). */
    __serverElements?: Element[];
  }
}

/** Hydrated (a page the server did not render passes at once), then an idle moment of the main thread. */
export async function waitHydratedAndIdle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const server = window.__serverElements;
      if (!server) return true;
      // React writes hoisted tags (a title, an image preload) into the server HTML and never hydrates them.
      const hoisted = new Set(['TITLE', 'META', 'LINK', 'STYLE', 'SCRIPT']);
      return server.every((element) => {
        if (!element.isConnected || hoisted.has(element.tagName)) return true;
        if (Object.keys(element).some((key) => key.startsWith('__reactFiber$'))) return true;
        // Nor what it was given as an element's inner HTML (admin-written text): it keeps the server's.
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const props = Object.entries(parent).find(([key]) => key.startsWith('__reactProps$'))?.[1];
          if (props?.dangerouslySetInnerHTML) return true;
        }
        return false;
      });
    },
    undefined,
    { timeout: 60_000 },
  );
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })),
  );
}
