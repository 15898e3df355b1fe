import type { Page } from '@playwright/test';

declare global {
  interface Window {
    /** What the page's live regions would have said so far, oldest first (see `recordAnnouncements`). */
    __announcements?: string[];
  }
}

/**
 * Records, from before the page's own scripts run, what its live regions announce, the way a screen
 * reader hears them: a change inside a live region (aria-live, role status or alert) that the browser
 * had already drawn is announced; a region that arrives together with its text is not, nor one filled
 * before the next frame (the browser hands its accessibility tree over once a frame), so such text
 * never shows up here. The record is the region's whole text after the change.
 */
export async function recordAnnouncements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]';
    window.__announcements = [];
    const known = new WeakSet<Element>();
    const rememberRegions = () => {
      for (const region of document.querySelectorAll(LIVE)) known.add(region);
    };
    /** The outermost live region around a node that the page already had before this change. */
    const knownRegionOf = (node: Node): Element | null => {
      let element: Element | null = node instanceof Element ? node : node.parentElement;
      let found: Element | null = null;
      while (element) {
        if (element.matches(LIVE) && known.has(element)) found = element;
        element = element.parentElement;
      }
      return found;
    };
    const observer = new MutationObserver((records) => {
      const changed = new Set<Element>();
      for (const record of records) {
        const region = knownRegionOf(record.target);
        if (region) changed.add(region);
      }
      for (const region of changed) {
        const text = (region.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (text) window.__announcements?.push(text);
      }
      // Known from the next frame on: what is added before it reaches the browser's tree with the region.
      requestAnimationFrame(rememberRegions);
    });
    document.addEventListener('DOMContentLoaded', () => {
      rememberRegions();
      observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true });
    });
  });
}

/** The announcements recorded on the page so far. */
export async function announcements(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__announcements ?? []);
}
