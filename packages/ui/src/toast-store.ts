import { createToaster } from '@chakra-ui/react';
import { NOTIFICATION_TIMEOUT_MS } from './constants';
import { TOAST_GAP, TOAST_TOP_VARIABLE } from './toaster';

/**
 * The app's one toast queue; every notification closes after NOTIFICATION_TIMEOUT_MS. It loads with the
 * component that draws it (toaster-view.tsx), after the first render: `toaster` (toaster.tsx) hands
 * notifications over once it is here.
 */
export const toastStore = createToaster({
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

let storeShown: () => void = () => {};

/**
 * The queue once its live region is in the page: toaster.tsx hands notifications to this. A screen
 * reader announces what is added to a live region it already knows, not a region that arrives with its
 * text, so the first notification waits until the empty region has been drawn (`markToastRegionShown`).
 */
export const shownToastStore = new Promise<typeof toastStore>((resolve) => {
  storeShown = () => resolve(toastStore);
});

/** Called by toaster-view.tsx once the toasts' region is mounted; two frames let the browser expose it. */
export function markToastRegionShown() {
  requestAnimationFrame(() => requestAnimationFrame(storeShown));
}
