import { useEffect } from 'react';

/** How long a new page may take to show its heading after the change that replaced the old one. */
const WAIT_MS = 3000;

/**
 * Gives the focus to the page's main heading when it was dropped on the body: after a step of the
 * purchase replaced the control that had it (a link to the next checkout page, a sign-in button).
 * A keyboard or screen reader user then goes on from the top of the new content, with its title read
 * out, instead of from the top of the whole page. The heading shows over a few renders (a page that
 * loads, a panel that gives way to the account), so it is looked for frame by frame for a while; as
 * soon as anything else has the focus (the shopper pressed Tab, a field took it) it is left there.
 */
export function focusPageHeading(): void {
  const until = performance.now() + WAIT_MS;
  // What has the focus now is on its way out (the sign-in form's field): it keeps it until it goes.
  const leaving = document.activeElement;
  let focused: HTMLElement | null = null;
  const look = () => {
    const active = document.activeElement;
    const dropped = !active || active === document.body;
    if (!dropped && active !== focused && active !== leaving) return;
    if (dropped) {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) {
        // Focusable by script only: the heading is no stop of the Tab key.
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
        focused = heading;
      }
    }
    if (performance.now() < until) requestAnimationFrame(look);
  };
  look();
}

/**
 * The history entry the document was loaded on, once a page using the hook has looked (null: it was
 * not loaded on such a page). Read from the browser, not kept by the router: the home page's first
 * load stays as it was.
 */
let landingEntry: string | null | undefined;

/** Whether the page is the first of the document, opened by the address bar, a link from elsewhere or a reload. */
function isLandingPage(): boolean {
  const entryKey: string | undefined = window.history.state?.__TSR_key;
  if (landingEntry === undefined) {
    const [loaded] = performance.getEntriesByType('navigation');
    landingEntry =
      loaded && new URL(loaded.name).pathname === window.location.pathname ? (entryKey ?? null) : null;
  }
  return landingEntry !== null && entryKey === landingEntry;
}

/**
 * A checkout page's own: when the shopper arrives from the previous step, the focus goes to its heading.
 * Not on the first page of the document: nothing had the focus to lose there, and the first Tab must
 * reach the skip link, as on every other page.
 */
export function useFocusPageHeadingOnArrival(): void {
  useEffect(() => {
    if (!isLandingPage()) focusPageHeading();
  }, []);
}
