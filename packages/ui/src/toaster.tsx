import type { CreateToasterReturn } from '@chakra-ui/react';
import { type RefObject, useEffect, useSyncExternalStore } from 'react';

/** Set on the toasts' group by toaster-view.tsx from the page's sticky header (`useToastsBelow`). */
export const TOAST_TOP_VARIABLE = '--toasts-top';
export const TOAST_GAP = '1rem';

type ToastOptions = Parameters<CreateToasterReturn['create']>[0];

/** Whether a notification has been asked for: the provider draws the toasts only from then on. */
let toastsWanted = false;
const toastsWantedListeners = new Set<() => void>();

const loadToastStore = () => {
  if (!toastsWanted) {
    toastsWanted = true;
    for (const listener of toastsWantedListeners) listener();
  }
  return import('./toast-store').then((module) => module.shownToastStore);
};

/**
 * True once the first notification is asked for. Zag's toast group, mounted, sets its state with
 * flushSync: mounted with the page, that synchronous render came while React was still hydrating and
 * took the page's remaining hydration with it, one long task (~170 ms at 4× CPU slowdown). Most visits
 * show no notification at all.
 */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      toastsWantedListeners.add(listener);
      return () => toastsWantedListeners.delete(listener);
    },
    () => toastsWanted,
    () => false,
  );
}

/**
 * Shows a notification. The queue itself (toast-store.ts) and the component that draws it load when
 * the first one is asked for, so the shop's first load neither carries nor runs them; the
 * notification shows as soon as they are here.
 */
export const toaster = {
  create: (options: ToastOptions) => void loadToastStore().then((store) => store.create(options)),
  success: (options: ToastOptions) => void loadToastStore().then((store) => store.success(options)),
  error: (options: ToastOptions) => void loadToastStore().then((store) => store.error(options)),
  warning: (options: ToastOptions) => void loadToastStore().then((store) => store.warning(options)),
};

/** Where the toasts start: below the sticky header of the page, if it has one. */
let toastsTop = TOAST_GAP;
const toastsTopListeners = new Set<() => void>();

function setToastsTop(value: string) {
  if (value === toastsTop) return;
  toastsTop = value;
  for (const listener of toastsTopListeners) listener();
}

/** The toasts' top offset, for the component that draws them. */
export function useToastsTop(): string {
  return useSyncExternalStore(
    (listener) => {
      toastsTopListeners.add(listener);
      return () => toastsTopListeners.delete(listener);
    },
    () => toastsTop,
    () => TOAST_GAP,
  );
}

/**
 * Keeps the toasts below a sticky header. At the top of the page a toast would lie over the header's
 * own links: the cart link right after "Kosárba tettük", which then took no click for five seconds
 * (and none at all while the pointer rested on the toast, since hovering pauses it). Only the toasts'
 * own element gets the offset: a variable set on the document would restyle the whole page.
 */
export function useToastsBelow(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    // The observer reports the header's size once at the start and after every change, from the
    // browser's own layout: measuring here would make the browser lay the page out at once.
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize ?? element.offsetHeight;
      setToastsTop(`calc(${height}px + ${TOAST_GAP})`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      setToastsTop(TOAST_GAP);
    };
  }, [header]);
}
