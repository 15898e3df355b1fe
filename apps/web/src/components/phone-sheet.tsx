import { useEffect } from 'react';

/**
 * How the shop's drawers (the phone menu, the listing's filter sheet) are modal without the page-wide
 * restyling a modal dialog costs on open. Chakra's modal drawer sets a custom property on <html> (for
 * the scroll lock) and `pointer-events: none` on <body>: each made the browser recompute the style of
 * every element of a category page, about 80 ms each on a phone, and together with the drawer itself
 * the filter sheet took half a second to open (`npm run bench:web`, INP).
 *
 * These drawers are modal in effect all the same: focus stays inside, a tap beside them or Escape closes
 * them, `aria-modal` and `useHidePageBehind` keep screen readers out of the page behind, and the
 * backdrop covers the page, so no tap reaches it. The backdrop and the positioner take no touch
 * gestures, so dragging beside the sheet does not scroll the page; the drawer's own body still scrolls.
 */
export const PHONE_SHEET_ROOT = {
  modal: false,
  trapFocus: true,
  closeOnInteractOutside: true,
  preventScroll: false,
} as const;

/** For Drawer.Backdrop and Drawer.Positioner. */
export const PHONE_SHEET_OUTSIDE = { touchAction: 'none' } as const;

/** For Drawer.Content. */
export const PHONE_SHEET_CONTENT = { 'aria-modal': true } as const;

/**
 * While a phone sheet is open, hides the page behind it from screen readers, as a modal drawer does
 * (`aria-hidden` costs the browser no restyling): the drawer's own elements (portalled to <body>) and
 * live regions stay, so an announcement such as the cart's is still heard.
 */
export function useHidePageBehind(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    const hidden: Element[] = [];
    for (const child of document.body.children) {
      const keep =
        child.getAttribute('data-scope') === 'dialog' ||
        child.hasAttribute('aria-live') ||
        child.hasAttribute('aria-hidden') ||
        child instanceof HTMLScriptElement;
      if (keep) continue;
      child.setAttribute('aria-hidden', 'true');
      hidden.push(child);
    }
    return () => {
      for (const element of hidden) element.removeAttribute('aria-hidden');
    };
  }, [open]);
}
