import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './admin-account';

type CategoryTreeNode = { id: number; title: string; urlPath: string; children: CategoryTreeNode[] };

/**
 * The web app's cookie policy version (CONSENT_POLICY_VERSION in apps/web/src/features/consent/consent-state.ts).
 * If the two drift apart, every journey shows the cookie banner again and fails where it covers a button.
 */
export const COOKIE_POLICY_VERSION = '2026-11-29';

/**
 * Stores a decided cookie choice (all rejected) in the browser before any page runs, unless the page
 * already has one, so the banner does not cover the buttons of journeys that are not about consent.
 */
export async function decideCookieConsent(context: BrowserContext): Promise<void> {
  await context.addInitScript((version) => {
    // about:blank and other opaque origins have no storage of their own.
    if (window.location.origin === 'null' || window.localStorage.getItem('cookie-consent')) return;
    const decided = {
      id: crypto.randomUUID(),
      statistics: false,
      marketing: false,
      version,
      decidedAt: new Date().toISOString(),
    };
    window.localStorage.setItem('cookie-consent', JSON.stringify(decided));
  }, COOKIE_POLICY_VERSION);
}

declare global {
  interface Window {
    /** The elements of #root as the server sent them (only on a server-rendered page). */
    __serverElements?: Element[];
  }
}

/** Runs in the page before its scripts: remembers the server's elements of a server-rendered page. */
function rememberServerElements() {
  document.addEventListener('DOMContentLoaded', () => {
    const root = document.getElementById('root');
    if (root && document.getElementById('shop-state'))
      window.__serverElements = [...root.querySelectorAll('*')];
  });
}

/**
 * Waits until the web app is live on the page. A server-rendered page shows its content before its
 * JavaScript has hydrated it, and a click in between does nothing. React hydrates the page in parts
 * (each Suspense boundary in its own pass), so this waits until every element the server sent carries
 * React's own property (`__reactFiber$…`, React's internal name, the one sure sign of a hydrated
 * element), has been replaced or lies inside markup React was given as inner HTML (which it never
 * hydrates), and the app has marked the page awake. A client-rendered page, or one that is not the
 * app, passes at once.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const server = window.__serverElements;
    if (!server) return true;
    // The app marks <html> once it has carried out what was tapped before it woke (early-input/wake.ts).
    if (!document.documentElement.hasAttribute('data-awake')) return false;
    // React writes hoisted tags (a title, an image preload) into the server HTML and never hydrates them.
    const hoisted = new Set(['TITLE', 'META', 'LINK', 'STYLE', 'SCRIPT']);
    const hydrated = (element: Element) =>
      Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    // Nor what it was given as an element's inner HTML (admin-written text): it keeps the server's.
    const insideInnerHtml = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const props = Object.entries(parent).find(([key]) => key.startsWith('__reactProps$'))?.[1];
        if (props?.dangerouslySetInnerHTML) return true;
      }
      return false;
    };
    return server.every(
      (element) =>
        !element.isConnected || hoisted.has(element.tagName) || hydrated(element) || insideInnerHtml(element),
    );
  });
}

/** `page.goto` and `page.reload` that return once the app answers (see `waitForApp`). */
export function waitForAppAfterNavigation(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const remembering = page.addInitScript(rememberServerElements);
  page.goto = async (url, options) => {
    await remembering;
    const response = await goto(url, options);
    await waitForApp(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await waitForApp(page);
    return response;
  };
  return page;
}

type Options = {
  /** False for journeys about the cookie banner: the browser starts without a decision, as a first visit. */
  cookieConsentDecided: boolean;
};

type Fixtures = {
  /** The seeded admin's credentials. */
  admin: typeof E2E_ADMIN;
  /** A session token of the seeded admin, from POST /api/user/signin. */
  adminToken: string;
  /** A page whose browser storage holds the admin's token (the spec's `token` key). */
  adminPage: Page;
  /** The shop's category tree as GET /api/category serves it. */
  categoryTree: CategoryTreeNode[];
  /** A name no other test run used, for data a test creates. */
  uniqueName: (prefix: string) => string;
};

export const test = base.extend<Fixtures & Options>({
  cookieConsentDecided: [true, { option: true }],

  context: async ({ context, cookieConsentDecided }, use) => {
    if (cookieConsentDecided) await decideCookieConsent(context);
    await use(context);
  },

  page: async ({ page }, use) => {
    await use(waitForAppAfterNavigation(page));
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  admin: async ({}, use) => {
    await use(E2E_ADMIN);
  },

  adminToken: async ({ request, admin }, use) => {
    const response = await request.post('/api/user/signin', { data: admin });
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { token?: string; msg?: string };
    if (!body.token) throw new Error(`Az admin nem tudott bejelentkezni: ${body.msg ?? 'nincs token'}`);
    await use(body.token);
  },

  adminPage: async ({ page, adminToken }, use) => {
    await page.goto('/foo');
    await page.evaluate((token) => window.localStorage.setItem('token', token), adminToken);
    await use(page);
  },

  categoryTree: async ({ request }, use) => {
    const response = await request.get('/api/category');
    expect(response.ok()).toBe(true);
    await use(((await response.json()) as { items: CategoryTreeNode[] }).items);
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  uniqueName: async ({}, use, testInfo) => {
    let counter = 0;
    await use((prefix) => `${prefix} ${testInfo.workerIndex}-${Date.now().toString(36)}-${++counter}`);
  },
});

export { expect };
