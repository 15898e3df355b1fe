import type { BrowserContext, Page } from '@playwright/test';

/**
 * How many times slower a mid-range phone runs the shop's JavaScript than the test machine, as
 * Lighthouse models it. The developers' guide asks journeys to act as a shopper on such a phone does:
 * the moment a control shows, long before the app has woken up on the page (issue #22, issue #30).
 */
export const PHONE_CPU_SLOWDOWN = 4;

/** A phone held upright, touch screen and all, for `test.use`. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/**
 * Slows the page's CPU with Chromium's own throttling (CDP `Emulation.setCPUThrottlingRate`); it holds
 * across the page's navigations. `lift` runs the page at full speed again, for a part of a journey that
 * other journeys cover at full speed.
 */
export async function slowCpu(page: Page, rate = PHONE_CPU_SLOWDOWN): Promise<{ lift: () => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return {
    lift: async () => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    },
  };
}

/**
 * A new page of the context on a slowed CPU that acts on what is painted: its `goto` returns as soon as
 * the browser has the response (`waitUntil: 'commit'` unless told otherwise), and nothing waits for the
 * app to wake up, unlike the fixtures' `page`. With `token`, the page is signed in (the token under the
 * spec's `token` key) before its first script runs.
 */
export async function slowPhonePage(
  context: BrowserContext,
  { token }: { token?: string } = {},
): Promise<Page> {
  const page = token ? await signedInPage(context, token) : await context.newPage();
  await slowCpu(page);
  const goto = page.goto.bind(page);
  page.goto = (url, options) => goto(url, { waitUntil: 'commit', ...options });
  return page;
}

/**
 * Opens a URL on any page, the fixtures' `page` too, and returns as soon as the browser has the response:
 * the fixtures' `page.goto` waits for the app to wake, a shopper does not (the frame's own navigation
 * is the browser's plain one).
 */
export async function openAtOnce(page: Page, url: string): Promise<void> {
  await page.mainFrame().goto(url, { waitUntil: 'commit' });
}

/**
 * A new page of the context, signed in with `token` (under the spec's `token` key) before its first
 * script runs, at the test machine's full speed. For the admin on a phone: the app draws the admin in
 * the browser, so none of its controls shows before the app can take a tap. On a slowed CPU such a
 * journey only timed the admin's first load (five seconds on an idle machine, over ten on a busy one),
 * and a journey's time limit is no speed test. No bench measures that load yet. The other admin
 * journeys (the fixtures' `adminPage`) run at full speed too.
 */
export async function signedInPage(context: BrowserContext, token: string): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
  return page;
}
