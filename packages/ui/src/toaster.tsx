import { createToaster } from '@chakra-ui/react';
import { type RefObject, useEffect } from 'react';
import { NOTIFICATION_TIMEOUT_MS } from './constants';

/** Set on the document by the page's sticky header (see `useToastsBelow`); 1rem without one. */
const TOAST_TOP_VARIABLE = '--toasts-top';
const TOAST_GAP = '1rem';

/**
 * The app's one toast queue; every notification closes after NOTIFICATION_TIMEOUT_MS. The queue is
 * tiny; the component that draws it (toaster-view.tsx) loads after the first render, so the shop's
 * first load does not carry it.
 */
export const toaster = createToaster({
  placement: 'top-end',
  offsets: {
    top: `var(${TOAST_TOP_VARIABLE}, ${TOAST_GAP})`,
    right: TOAST_GAP,
    bottom: TOAST_GAP,
    left: TOAST_GAP,
  },
  duration: NOTIFICATION_TIMEOUT_MS,
  pauseOnPageIdle: true,
  max: 4,
});

/**
 * Keeps the toasts below a sticky header. At the top of the page a toast would lie over the header's
 * own links: the cart link right after "Kosárba tettük", which then took no click for five seconds
 * (and none at all while the pointer rested on the toast, since hovering pauses it).
 */
export function useToastsBelow(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const place = () =>
      root.style.setProperty(
        TOAST_TOP_VARIABLE,
        `calc(${element.getBoundingClientRect().height}px + ${TOAST_GAP})`,
      );
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(TOAST_TOP_VARIABLE);
    };
  }, [header]);
}
