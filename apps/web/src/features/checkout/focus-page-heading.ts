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

/** A checkout page's own: when the shopper arrives from the previous step, the focus goes to its heading. */
export function useFocusPageHeadingOnArrival(): void {
  useEffect(() => focusPageHeading(), []);
}
