/**
 * What a screen reader says after a cart change: a polite live region of its own, outside the app's
 * tree, so neither a toast's timing nor a page's re-render decides whether it is heard. A screen reader
 * reads a live region's changes only when the region was in the page before them, so the region is
 * put in place when this module loads (with the cart's code, before any change can happen) and each
 * message is written a moment after the region is emptied, which makes a repeated message heard again.
 */

let region: HTMLElement | null = null;
let pending: ReturnType<typeof setTimeout> | undefined;

function liveRegion(): HTMLElement {
  if (region?.isConnected) return region;
  const element = document.createElement('div');
  element.setAttribute('role', 'status');
  element.setAttribute('aria-live', 'polite');
  element.setAttribute('aria-atomic', 'true');
  element.dataset.cartAnnouncer = '';
  // Visually hidden, read by assistive technology (the usual "sr-only" rules).
  element.style.cssText =
    'position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0';
  document.body.append(element);
  region = element;
  return element;
}

if (typeof document !== 'undefined') liveRegion();

/** Says `message` politely (after what the screen reader is reading now). */
export function announceCartChange(message: string): void {
  const element = liveRegion();
  element.textContent = '';
  clearTimeout(pending);
  pending = setTimeout(() => {
    element.textContent = message;
  }, 150);
}

/** "A kosárba került: Kék bögre, 2 db" */
export const addedMessage = (title: string, quantity: number): string =>
  `A kosárba került: ${title}, ${quantity} db`;
